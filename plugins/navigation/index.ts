/**
 * How the reader gets from one page to the next, and how the first page
 * starts: a link's route is fetched on the reader's intent, hover, touch or focus, not when it
 * comes into view (prefetchOnIntent.ts); the entry chunk carries V8's compile hint (compile-hints.ts). The first render's
 * recovery from route chunks that fail to load is a patch of @docusaurus/core
 * (patches/README.md). The mobile menu's back control is named by its words
 * alone (mobileMenuWords).
 */
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {compileHintsPlugin} from './compile-hints';

const pluginName = 'zip-navigation';

/**
 * The theme's words this site changes, as Docusaurus's code translations of
 * its own locale (a plugin's defaults: an `i18n/en` folder would also turn on
 * the sidebars' translation keys, which the API sidebar's event labels repeat).
 * The back control read "← Back to main menu", the arrow first to a screen
 * reader; src/css/custom.css draws the arrow with empty alternative text.
 */
const mobileMenuWords: Record<string, string> = {
  'theme.navbar.mobileSidebarSecondaryMenu.backButtonLabel': 'Back to main menu',
};

export default function navigationPlugin(context: LoadContext): Plugin {
  return {
    name: pluginName,
    getDefaultCodeTranslationMessages() {
      return Promise.resolve(mobileMenuWords);
    },
    getClientModules() {
      return [join(context.siteDir, 'plugins/navigation/prefetchOnIntent.ts')];
    },
    configureWebpack(_config, isServer, utils) {
      return {plugins: isServer ? [] : [compileHintsPlugin(utils.currentBundler.instance, ['main'])]};
    },
  };
}
