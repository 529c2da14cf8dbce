/**
 * `server`: rendering the page's HTML. `static`: in the browser, showing the
 * server's markup (kept by hydration, or written from a known copy). `live`:
 * rendered by React; `mountedLive` when it was never static.
 */
export type Island =
  | {readonly mode: 'server'}
  | {readonly mode: 'static'; readonly markup: {readonly __html: string}; readonly withoutServerMarkup?: true}
  | {readonly mode: 'live'; readonly mountedLive: boolean};

/** Markup the server wrote, by content key, for islands mounted after hydration. */
const serverMarkupByKey = new Map<string, string>();

/** Where a node sits inside the island, as child indexes, to find its twin once the island is live. */
export function pathTo(root: HTMLElement, target: EventTarget | null): number[] | undefined {
  const path: number[] = [];
  let node = target instanceof Element ? target : null;
  if (!node || !root.contains(node) || node === root) return undefined;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    if (!parent) return undefined;
    path.unshift(Array.prototype.indexOf.call(parent.children, node));
    node = parent;
  }
  return path;
}

export function elementAt(root: HTMLElement, path: readonly number[]): HTMLElement | undefined {
  let node: Element | undefined = root;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : undefined;
}

/**
 * The server's markup for the island, read from the page while it is being
 * hydrated; undefined when the page has none (the dev server renders in the
 * browser alone).
 */
function serverMarkup(islandId: string): string | undefined {
  return document.querySelector(`[data-static-island="${CSS.escape(islandId)}"]`)?.innerHTML;
}

/**
 * The island's state at mount. The server renders the content. The first
 * render in the browser is hydration (isBrowser is still false): it keeps the
 * server's markup, read once so that later renders do not write it again;
 * without any (the dev server's pages), it goes live at once. A later mount
 * is live, unless its content's markup is known.
 */
export function initialIsland(isBrowser: boolean, islandId: string, staticOnHydration: boolean, contentKey: string | undefined): Island {
  if (typeof window === 'undefined') return {mode: 'server'};
  if (!isBrowser) {
    if (!staticOnHydration) return {mode: 'live', mountedLive: false};
    const markup = serverMarkup(islandId);
    // Empty until its code is ready, then live, as if the reader had come to it.
    if (markup === undefined) return {mode: 'static', markup: {__html: ''}, withoutServerMarkup: true};
    if (contentKey !== undefined) serverMarkupByKey.set(contentKey, markup);
    return {mode: 'static', markup: {__html: markup}};
  }
  const known = contentKey === undefined ? undefined : serverMarkupByKey.get(contentKey);
  return known === undefined ? {mode: 'live', mountedLive: true} : {mode: 'static', markup: {__html: known}};
}
