import type {ReactNode} from 'react';
import MimeTabs from '@theme-original/MimeTabs';
import {useIsEndpointPage} from '@site/src/utils/useIsEndpointPage';

/**
 * On endpoint pages these tabs render only the selected panel (see
 * README.md); the others mount when the reader picks them. Elsewhere (the
 * API information pages) every panel stays in the HTML, for the Markdown twin.
 */
export default function MimeTabsWrapper(props: Record<string, unknown>): ReactNode {
  return <MimeTabs lazy={useIsEndpointPage()} {...props} />;
}
