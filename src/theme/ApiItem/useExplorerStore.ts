import {use, useEffect, useMemo, useState} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Store} from 'redux';
import type {ApiOperation, ApiThemeOptions} from '@theme/ApiItem/store';

type StoreModule = typeof import('./explorerStore');

let storeModule: StoreModule | undefined;
let loadingStoreModule: Promise<StoreModule> | undefined;

/** The store's code (Redux Toolkit and the explorer's slices): a chunk of its own. */
function loadStoreModule(): Promise<StoreModule> {
  return (loadingStoreModule ??= import(/* webpackChunkName: "api-explorer-store" */ './explorerStore').then(
    (loaded) => (storeModule = loaded),
  ));
}

/**
 * The page's store until the real one exists: react-redux's Provider reads
 * these three. Nothing on the page reads the store then (the reference is
 * static, the explorer not loaded, ReaderKeyInExplorer finds no credentials).
 */
const storeUntilLoaded: Pick<Store, 'getState' | 'subscribe' | 'dispatch'> = {
  getState: () => ({}),
  subscribe: () => () => undefined,
  dispatch: (action) => action,
};

function deferred(): {readonly promise: Promise<void>; readonly resolve: () => void} {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return {promise, resolve};
}

export interface ExplorerStore {
  /** For the page's Provider. */
  readonly store: Store;
  /** The credentials' action, once the store's code is loaded. */
  readonly setAuthData: StoreModule['setAuthData'] | undefined;
  /** False until the real store is in the Provider. */
  readonly ready: boolean;
  /** Settles once it is: what must wait for it (the reference going live) waits for this. */
  readonly whenReady: Promise<void>;
}

/**
 * The request explorer's store for an endpoint page. A page the browser
 * hydrates gets it after hydration: its code (the store's chunk) is not
 * among the scripts the page waits for, since nothing reads the store until
 * the reader uses the reference or the explorer. The server's render and a
 * page reached by client-side navigation, whose reference renders live at
 * once, have it from their first render (they wait for its code).
 */
export function useExplorerStore(api: ApiOperation, options: ApiThemeOptions | undefined): ExplorerStore {
  const isBrowser = useIsBrowser();
  const onServer = typeof window === 'undefined';
  // Decided at mount: the first render in the browser is hydration while isBrowser is still false.
  const [hydrating] = useState(() => !onServer && !isBrowser);
  const [, setLoaded] = useState(false);
  const loaded = storeModule ?? (hydrating ? undefined : use(loadStoreModule()));
  const store = useMemo(
    () => loaded && (onServer ? loaded.createServerStore(options) : loaded.createExplorerStore(api, options)),
    [loaded, onServer, api, options],
  );
  const [readiness] = useState(deferred);

  useEffect(() => {
    if (loaded) return undefined;
    // Once Docusaurus marks the page hydrated (<html data-has-hydrated>), so that nothing the page
    // waits for shares the network with the store's code.
    const html = document.documentElement;
    const hydrated = (): boolean => html.dataset.hasHydrated === 'true';
    const load = (): void => void loadStoreModule().then(() => setLoaded(true));
    if (hydrated()) {
      load();
      return undefined;
    }
    const observer = new MutationObserver(() => {
      if (!hydrated()) return;
      observer.disconnect();
      load();
    });
    observer.observe(html, {attributes: true, attributeFilter: ['data-has-hydrated']});
    return () => observer.disconnect();
  }, [loaded]);
  useEffect(() => {
    if (store) readiness.resolve();
  }, [store, readiness]);

  return {
    store: store ?? (storeUntilLoaded as Store),
    setAuthData: store && loaded?.setAuthData,
    ready: store !== undefined,
    whenReady: readiness.promise,
  };
}
