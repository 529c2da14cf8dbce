import type {ReactNode} from 'react';
import Response from '@theme-original/ApiExplorer/Response';
import {useTypedSelector} from '@theme/ApiItem/hooks';

/** What the explorer stores as the response while a request is under way. */
const fetchingMessage = 'Fetching...';

/**
 * When a request fails without an HTTP answer (it timed out, the network or
 * CORS refused it), the explorer stores its message but shows only the "click
 * Send" placeholder, because there is no status code. The wrapper shows that
 * message, so the reader learns what went wrong.
 */
export default function ResponseWrapper(props: Record<string, never>): ReactNode {
  const {value, code} = useTypedSelector((state) => state.response);
  const failure = !code && value && value !== fetchingMessage ? value : undefined;
  return (
    <>
      {failure && (
        <div role="alert" className="alert alert--danger margin-bottom--sm">
          {failure}
        </div>
      )}
      <Response {...props} />
    </>
  );
}
