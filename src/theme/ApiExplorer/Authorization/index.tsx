import {useEffect, type ReactNode} from 'react';
import Authorization from '@theme-original/ApiExplorer/Authorization';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import {setAuthData} from '@theme/ApiExplorer/Authorization/slice';

/**
 * Zip authenticates with HTTP Basic: the secret key is the user name and the
 * password is empty. The explorer sends Basic credentials only when both
 * fields hold a value, and stores an empty field as "no value", so a reader
 * who pastes a key and presses Send would get 401. An empty password is
 * recorded explicitly instead.
 */
export default function AuthorizationWrapper(props: Record<string, never>): ReactNode {
  const auth = useTypedSelector((state) => state.auth);
  const dispatch = useTypedDispatch();
  useEffect(() => {
    for (const schemes of Object.values(auth.options)) {
      for (const scheme of schemes) {
        if (scheme.type === 'http' && scheme.scheme === 'basic' && auth.data[scheme.key]?.password === undefined) {
          dispatch(setAuthData({scheme: scheme.key, key: 'password', value: ''}));
        }
      }
    }
  }, [auth, dispatch]);
  return <Authorization {...props} />;
}
