import {useEffect, type ReactNode} from 'react';
import Authorization from '@theme-original/ApiExplorer/Authorization';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import {setAuthData} from '@theme/ApiExplorer/Authorization/slice';
import {refusalMessages} from '@site/src/utils/readerTestKey';
import {clearKeyRefusal, useKeyRefusal} from '@site/src/utils/explorerKeyGuard';
import styles from './styles.module.css';

/**
 * Zip authenticates with HTTP Basic: the secret key is the user name and the
 * password is empty. The explorer sends Basic credentials only when both
 * fields hold a value, and stores an empty field as "no value", so a reader
 * who pastes a key and presses Send would get 401. An empty password is
 * recorded explicitly instead.
 *
 * A live or public key typed or pasted into the form is emptied from it and
 * not kept (src/utils/explorerKeyGuard.ts); the form says why, in the words of the "Use my
 * test key" control.
 */
export default function AuthorizationWrapper(props: Record<string, never>): ReactNode {
  const auth = useTypedSelector((state) => state.auth);
  const dispatch = useTypedDispatch();
  const refusal = useKeyRefusal();
  useEffect(() => clearKeyRefusal, []);
  useEffect(() => {
    for (const schemes of Object.values(auth.options)) {
      for (const scheme of schemes) {
        if (scheme.type === 'http' && scheme.scheme === 'basic' && auth.data[scheme.key]?.password === undefined) {
          dispatch(setAuthData({scheme: scheme.key, key: 'password', value: ''}));
        }
      }
    }
  }, [auth, dispatch]);
  return (
    <>
      <Authorization {...props} />
      {refusal !== null && (
        <p role="alert" className={styles.refusal}>
          {refusalMessages[refusal]}
        </p>
      )}
    </>
  );
}
