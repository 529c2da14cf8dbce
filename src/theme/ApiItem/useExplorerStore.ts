import {use, useEffect, useMemo, useState} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import type {Store} from 'redux';
import type {ApiThemeOptions} from '@theme/ApiItem/store';
import {assertOperation, type ApiOperation} from '@zip/model/apiOperation';
import {fetchPageData, pageDataIfHere, type PageData} from '@site/src/utils/apiPageData';

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

/**
 * The page's operation, checked: at once when it is here (the server's), else
 * its file fetched (once: src/utils/apiPageData.tsx).
 */
export function loadOperation(operation: PageData<unknown>, source: string): Promise<ApiOperation> {
  const here = pageDataIfHere(operation);
  return here !== undefined
    ? Promise.resolve(assertOperation(here, source))
    : fetchPageData(operation as string).then((data) => assertOperation(data, source));
}

export interface ExplorerStore {
  /** For the page's Provider. */
  readonly store: Store;
  /** The page's operation, once it is here (in the browser, after hydration). */
  readonly api: ApiOperation | undefined;
  /** The credentials' action, once the store's code is loaded. */
  readonly setAuthData: StoreModule['setAuthData'] | undefined;
  /** False until the real store is in the Provider. */
  readonly ready: boolean;
  /** Settles once it is: what must wait for it (the reference going live) waits for this. */
  readonly whenReady: Promise<void>;
  /** Why the operation or the store's code did not load after hydration, for the explorer to say. */
  readonly failure: Error | undefined;
}

/**
 * The request explorer's store for an endpoint page, and the page's
 * operation (`operation`: the page module's export, plugins/api-reference/page-data.ts;
 * `source` names the page in errors). A page the browser hydrates gets both
 * after hydration: the store's code (its own chunk) and the operation's file
 * are not among what the page waits for, since nothing reads them until the
 * reader uses the reference or the explorer. The server's render and a page
 * reached by client-side navigation, whose reference renders live at once,
 * have them from their first render (they wait for them).
 */
export function useExplorerStore(operation: PageData<unknown>, source: string, options: ApiThemeOptions | undefined): ExplorerStore {
  const isBrowser = useIsBrowser();
  const onServer = typeof window === 'undefined';
  // Decided at mount: the first render in the browser is hydration while isBrowser is still false.
  const [hydrating] = useState(() => !onServer && !isBrowser);
  if (operation === undefined || operation === null) {
    throw new Error(
      `${source}: the page exports no operation (plugins/api-reference/page-data.ts); regenerate the pages (npm run gen:api -- --force).`,
    );
  }
  const [, setLoaded] = useState(false);
  const [failure, setFailure] = useState<Error>();
  const loaded = storeModule ?? (hydrating ? undefined : use(loadStoreModule()));
  const data = pageDataIfHere(operation) ?? (hydrating ? undefined : use(fetchPageData(operation as string)));
  const api = useMemo(() => (data === undefined ? undefined : assertOperation(data, source)), [data, source]);
  const store = useMemo(
    () => loaded && (onServer ? loaded.createServerStore(options) : api && loaded.createExplorerStore(api, options)),
    [loaded, onServer, api, options],
  );
  const [readiness] = useState(deferred);

  useEffect(() => {
    if (loaded && api) return undefined;
    // Once Docusaurus marks the page hydrated (<html data-has-hydrated>), so that nothing the page
    // waits for shares the network with the store's code and the operation.
    const html = document.documentElement;
    const hydrated = (): boolean => html.dataset.hasHydrated === 'true';
    const load = (): void =>
      void Promise.all([loadStoreModule(), loadOperation(operation, source)]).then(
        () => setLoaded(true),
        (error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error))),
      );
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
  }, [loaded, api, operation, source]);
  useEffect(() => {
    if (store) readiness.resolve();
  }, [store, readiness]);

  return {
    store: store ?? (storeUntilLoaded as Store),
    api,
    setAuthData: store && loaded?.setAuthData,
    ready: store !== undefined,
    whenReady: readiness.promise,
    failure,
  };
}
