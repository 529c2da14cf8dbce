import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';
import Diagram from '@site/src/components/Diagram';
import markdownLink from '@site/src/components/MarkdownLink';

/**
 * The theme's MDX components, with Markdown tables in a keyboard-scrollable region, links that
 * open a new tab saying so (src/components/MarkdownLink), and `Diagram`, which
 * plugins/diagrams/remark.ts puts in place of each pre-rendered ```mermaid block.
 */
export default {
  ...MDXComponents,
  a: markdownLink(MDXComponents.a),
  table: ScrollableTable,
  Diagram,
};
