/**
 * The explorer's base URL, with the choice of where **Send** goes above it: Zip's test API, or the
 * test mode in this tab (src/components/TabTestMode). The theme sends through `fetch`; its patched
 * `setRequestTransport` (patches/README.md) lets the site answer in the tab instead.
 */
import type {ReactNode} from 'react';
import Server from '@theme-original/ApiExplorer/Server';
import {setRequestTransport} from '@theme/ApiExplorer/Request/makeRequest';
import SendTargetChoice from '@site/src/components/TabTestMode/SendTargetChoice';
import {explorerTransport} from '@site/src/components/TabTestMode/sendTarget';

setRequestTransport(explorerTransport);

export default function ServerWrapper(props: {readonly labelId?: string}): ReactNode {
  return (
    <>
      <SendTargetChoice />
      <Server {...props} />
    </>
  );
}
