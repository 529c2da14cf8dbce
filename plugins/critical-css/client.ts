/**
 * Client module: the page's style sheets, linked disabled at the end of its body (index.ts), are
 * enabled in the first commit, once React has hydrated the page: only then does the browser fetch
 * them, so on a slow link they do not share its bandwidth with the scripts hydration waits for.
 * Until they arrive, the inlined rules draw every element the page started with.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {afterHydrationAttribute} from './sheets';

export function onRouteDidUpdate(): void {
  if (!ExecutionEnvironment.canUseDOM) return;
  document.querySelectorAll<HTMLLinkElement>(`link[rel="stylesheet"][${afterHydrationAttribute}][disabled]`).forEach((link) => {
    link.disabled = false;
  });
}
