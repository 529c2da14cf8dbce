import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';
import Diagram from '@site/src/components/Diagram';
import ApiClientCollection from '@site/src/components/ApiClientCollection';

/**
 * The theme's MDX components, with Markdown tables in a keyboard-scrollable region,
 * `Diagram`, which plugins/diagrams/remark.ts puts in place of each pre-rendered ```mermaid block,
 * and `ApiClientCollection`, the Postman collection's download links, which every API intro page
 * shows in one line.
 */
export default {
  ...MDXComponents,
  table: ScrollableTable,
  Diagram,
  ApiClientCollection,
};
