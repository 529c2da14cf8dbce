import {preloadable} from '@site/src/utils/preloadable';

// Rendered by the server into the page; in the browser, loaded only when an
// endpoint page's reference goes live (src/components/StaticUntilInteraction,
// whose `prepare` is `preload`), so a page that is only read never
// evaluates it.
export default preloadable(() => import('@theme-original/RequestSchema'));
