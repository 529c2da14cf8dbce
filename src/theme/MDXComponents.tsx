import MDXComponents from '@theme-original/MDXComponents';
import ScrollableTable from '@site/src/components/ScrollableTable';

/** The theme's MDX components, with Markdown tables in a keyboard-scrollable region. */
export default {
  ...MDXComponents,
  table: ScrollableTable,
};
