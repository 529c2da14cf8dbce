import {useEffect, useRef} from 'react';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import type {setAuthData as SetAuthData} from '@theme/ApiExplorer/Authorization/slice';
import {useReaderTestKey} from '@site/src/utils/readerTestKey';

/**
 * Puts the reader's test key (src/utils/readerTestKey.ts) into the request
 * explorer's credentials: the user name of every HTTP Basic scheme, with the
 * empty password Zip expects. The explorer's nine code samples are made
 * from those credentials, so they show it too. Clearing the key clears what
 * it filled in; with no key given, what the reader typed in the explorer
 * stays. The action comes with the store's code (useExplorerStore.ts).
 */
export default function ReaderKeyInExplorer({setAuthData}: {readonly setAuthData: typeof SetAuthData}): null {
  const readerKey = useReaderTestKey();
  // Undefined on the server's empty store.
  const options = useTypedSelector((state) => state.auth?.options);
  const dispatch = useTypedDispatch();
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!options || (readerKey === null && applied.current === null)) return;
    const basicSchemes = new Set(
      Object.values(options)
        .flat()
        .filter((scheme) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic')
        .map((scheme) => scheme.key),
    );
    for (const scheme of basicSchemes) {
      dispatch(setAuthData({scheme, key: 'username', value: readerKey ?? undefined}));
      dispatch(setAuthData({scheme, key: 'password', value: readerKey === null ? undefined : ''}));
    }
    applied.current = readerKey;
  }, [readerKey, options, dispatch, setAuthData]);
  return null;
}
