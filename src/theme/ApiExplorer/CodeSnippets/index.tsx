import {useMemo, type ComponentProps, type ReactNode} from 'react';
import {Provider, useStore} from 'react-redux';
import type {Store} from 'redux';
import CodeSnippets from '@theme-original/ApiExplorer/CodeSnippets';
import {useReaderTestKey} from '@site/src/utils/readerTestKey';
import {sampleKeyFor} from '@zip/model/sampleCredentials';

type Props = ComponentProps<typeof CodeSnippets> & {readonly maskCredentials?: boolean};

interface AuthScheme {
  readonly key: string;
  readonly type: string;
  readonly scheme?: string;
}

/** The part of the explorer's state the samples' credentials come from. */
interface StateWithAuth {
  /** Absent in the server's empty store. */
  readonly auth?: {
    readonly data: Record<string, Record<string, string | undefined> | undefined>;
    readonly options: Record<string, readonly AuthScheme[]>;
  };
}

/** The state with every HTTP Basic scheme's credentials set to the key the samples show, and an empty password. */
function withSampleCredentials<State extends StateWithAuth>(state: State, readerKey: string | null): State {
  if (!state.auth) return state;
  const data = {...state.auth.data};
  for (const scheme of Object.values(state.auth.options).flat()) {
    if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') {
      data[scheme.key] = {...data[scheme.key], username: readerKey ?? sampleKeyFor(scheme.key), password: ''};
    }
  }
  return {...state, auth: {...state.auth, data}};
}

/** The explorer's store as the samples read it; the same state object until the store's changes, as react-redux needs. */
function sampleStore<State extends StateWithAuth>(store: Store<State>, readerKey: string | null): Store<State> {
  let source: State | undefined;
  let shown: State | undefined;
  const getState = (): State => {
    const state = store.getState();
    if (state !== source || shown === undefined) {
      source = state;
      shown = withSampleCredentials(state, readerKey);
    }
    return shown;
  };
  return {...store, getState};
}

/**
 * The explorer's nine generated samples show the key the hand-written samples
 * show: the reader's test key when they gave the site one
 * (src/utils/readerTestKey.ts), otherwise the sample test key, never what was
 * typed into the explorer's form (so a key typed there does not show on a
 * screen or in a screenshot). The theme reads the credentials from the
 * explorer's store; it is given a view of that store with these credentials,
 * and Send still sends what the form holds.
 */
export default function CodeSnippetsWrapper(props: Props): ReactNode {
  const readerKey = useReaderTestKey();
  const store = useStore<StateWithAuth>();
  const shownStore = useMemo(() => sampleStore(store, readerKey), [store, readerKey]);
  return (
    <Provider store={shownStore}>
      <CodeSnippets {...props} maskCredentials={false} />
    </Provider>
  );
}
