/**
 * Where the explorer's **Send** goes: Zip's hosted test API with the reader's key, or the test mode
 * in this tab (`@zip/test-mode/in-tab`), loaded the first time a reader picks it, never with a
 * page. The choice and the tab's test mode last for the tab (session storage, or memory when
 * storage is off). Components follow both through `useSendTarget` and `useTabTestMode`.
 */
import {useEffect, useState, useSyncExternalStore} from 'react';
import type {TabAnswer, TabRequest, TabTestMode} from '@zip/test-mode/in-tab';

export type SendTarget = 'hosted' | 'tab';
const targetKey = 'zip-explorer-send-target';

function tabStorage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

let memoryTarget: SendTarget = 'hosted';
const listeners = new Set<() => void>();
/** Bumped whenever the tab's test mode answers or resets, so its views read it again. */
let tabVersion = 0;

function notify(): void {
  for (const listener of listeners) listener();
}

export function sendTarget(): SendTarget {
  if (typeof window === 'undefined') return 'hosted';
  try {
    const stored = tabStorage()?.getItem(targetKey);
    if (stored === 'hosted' || stored === 'tab') return stored;
  } catch {
    // Storage refused: the choice lives in memory.
  }
  return memoryTarget;
}

let loading: Promise<TabTestMode> | undefined;

/** The tab's test mode, loaded (its own chunk) and replayed once per page. */
export function loadTabTestMode(): Promise<TabTestMode> {
  loading ??= import('@zip/test-mode/in-tab').then(({TabTestMode}) => TabTestMode.open(tabStorage()));
  return loading;
}

export function setSendTarget(target: SendTarget): void {
  memoryTarget = target;
  try {
    tabStorage()?.setItem(targetKey, target);
  } catch {
    // Kept in memory only.
  }
  if (target === 'tab') void loadTabTestMode().then(notify);
  notify();
}

export function tabTestModeChanged(): void {
  tabVersion += 1;
  notify();
}

/** What the explorer's live region says of the tab's last control or resend; empty once Send is pressed. */
let tabAnnouncement = '';

export function announceInTab(message: string): void {
  tabAnnouncement = message;
  tabTestModeChanged();
}

/** The last POST the explorer sent to the tab, and the page it was sent from: what "Send again with the same key" repeats. */
let lastPost: {readonly page: string; readonly request: TabRequest} | undefined;

/** After a reset the tab holds no stored answers: there is nothing to send again. */
export function forgetLastPost(): void {
  lastPost = undefined;
}

/** The last POST sent to the tab from this page, if any. */
export function lastPostOfPage(): TabRequest | undefined {
  return lastPost && typeof window !== 'undefined' && lastPost.page === window.location.pathname ? lastPost.request : undefined;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const useSendTarget = (): SendTarget => useSyncExternalStore(subscribe, sendTarget, () => 'hosted');

export const useTabAnnouncement = (): string =>
  useSyncExternalStore(
    subscribe,
    () => tabAnnouncement,
    () => '',
  );

/** The tab's test mode once loaded while the reader has it chosen, and a number that changes with its state. */
export function useTabTestMode(): {tab: TabTestMode | undefined; version: number} {
  const target = useSendTarget();
  const version = useSyncExternalStore(
    subscribe,
    () => tabVersion,
    () => 0,
  );
  const [tab, setTab] = useState<TabTestMode>();
  useEffect(() => {
    if (target === 'tab') void loadTabTestMode().then(setTab);
  }, [target]);
  return {tab: target === 'tab' ? tab : undefined, version};
}

function headersOf(init: RequestInit): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name.toLowerCase()] = value));
  return headers;
}

/** The API's URL in what the explorer sends: behind a proxy (`themeConfig.api.proxy`), the proxy's URL followed by the API's. */
export const apiUrlOf = (url: string): string => /^[a-z]+:\/\/[^/]+\/(https?:\/\/.+)$/i.exec(url)?.[1] ?? url;

/** The explorer's transport (the theme's `setRequestTransport`): to the tab's test mode when chosen, else `fetch`. */
export async function explorerTransport(url: string, init: RequestInit): Promise<Response> {
  if (sendTarget() !== 'tab') return fetch(url, init);
  tabAnnouncement = '';
  const tab = await loadTabTestMode();
  const request: TabRequest = {
    method: (init.method ?? 'GET').toUpperCase(),
    url: apiUrlOf(url),
    headers: headersOf(init),
    body: typeof init.body === 'string' ? init.body : undefined,
  };
  const answer: TabAnswer = await tab.send(request);
  if (request.method === 'POST') lastPost = {page: window.location.pathname, request};
  tabTestModeChanged();
  return new Response(answer.body, {status: answer.status, headers: answer.headers});
}
