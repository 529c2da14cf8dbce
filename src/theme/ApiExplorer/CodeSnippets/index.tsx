import type {ComponentProps, ReactNode} from 'react';
import CodeSnippets from '@theme-original/ApiExplorer/CodeSnippets';
import {useTypedSelector} from '@theme/ApiItem/hooks';
import {useReaderTestKey} from '@site/src/utils/readerTestKey';

type Props = ComponentProps<typeof CodeSnippets> & {readonly maskCredentials?: boolean};

/**
 * The explorer's nine generated samples hide the credentials typed into it
 * (`<username>`), so a key does not show on a screen or in a screenshot.
 * When those credentials are the test key the reader gave the site to see
 * in samples (src/utils/readerTestKey.ts), the samples show it. A key typed
 * into the explorer by hand stays hidden, as before.
 */
export default function CodeSnippetsWrapper(props: Props): ReactNode {
  const readerKey = useReaderTestKey();
  const usesReaderKey = useTypedSelector(
    (state) => readerKey !== null && Object.values(state.auth.data).some((credentials) => credentials?.username === readerKey),
  );
  return <CodeSnippets {...props} maskCredentials={usesReaderKey ? false : props.maskCredentials} />;
}
