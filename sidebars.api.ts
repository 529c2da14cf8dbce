import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** The API reference: overview pages, then one category per product. */
const sidebars = {
  api: ['intro'],
} satisfies SidebarsConfig;

export default sidebars;
