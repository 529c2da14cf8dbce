import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** Developer guides and tutorials. */
const sidebars = {
  guides: ['intro'],
} satisfies SidebarsConfig;

export default sidebars;
