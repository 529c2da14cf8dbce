/**
 * Test builds only (`ZIP_CRASH_TEST=true`): a route whose page throws on
 * demand, so the end-to-end tests can exercise the crash fallback.
 * Production builds never include it.
 */
import type {Plugin} from '@docusaurus/types';

export default function crashTestPlugin(): Plugin {
  return {
    name: 'zip-crash-test',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: '/tests/crash',
        // By the site alias: the route's module path is written into the client scripts as given.
        component: '@site/plugins/crash-test/CrashTest.tsx',
        exact: true,
      });
    },
  };
}
