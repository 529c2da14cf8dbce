/**
 * Test builds only (`ZIP_CRASH_TEST=true`): a route whose page throws on
 * demand, so the end-to-end tests can exercise the crash fallback.
 * Production builds never include it.
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export default function crashTestPlugin(context: LoadContext): Plugin {
  return {
    name: 'zip-crash-test',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: '/tests/crash',
        component: join(context.siteDir, 'plugins/crash-test/CrashTest.tsx'),
        exact: true,
      });
    },
  };
}
