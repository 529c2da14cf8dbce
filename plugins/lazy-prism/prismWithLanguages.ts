/**
 * prism-react-renderer, with the grammars of `themeConfig.prism.additionalLanguages`
 * registered on its Prism instance. Every client import of `prism-react-renderer`
 * resolves here (the `zip-lazy-prism` plugin, index.ts beside this file), so
 * the grammars are ready wherever code is highlighted.
 *
 * The classic theme registers them from a client module instead, which puts Prism
 * and the registration into main.js, evaluated by every page before it can
 * hydrate: about two thirds of main.js's start-up time in a 4×-throttled
 * profile of the home page (Prism's `insertBefore` walks every grammar each time
 * a language extends another). Here they run only when a chunk that highlights
 * code is evaluated.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism as Parameters<typeof prismIncludeLanguages>[0]);

export * from 'prism-react-renderer';
