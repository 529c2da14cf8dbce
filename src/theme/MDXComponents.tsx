import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';
import Diagram from '@site/src/components/Diagram';

/**
 * The theme's MDX components, with Markdown tables in a keyboard-scrollable region, and
 * `Diagram`, which plugins/diagrams/remark.ts puts in place of each pre-rendered ```mermaid block.
 */
export default {
  ...MDXComponents,
  table: ScrollableTable,
  Diagram,
};
