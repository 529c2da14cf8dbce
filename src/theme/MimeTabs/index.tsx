import type {ReactNode} from 'react';
import MimeTabs from '@theme-original/MimeTabs';
import TabListKeys from '@site/src/components/TabListKeys';
import {useIsEndpointPage} from '@site/src/utils/useIsEndpointPage';

/**
 * On endpoint pages these tabs render only the selected panel (see
 * README.md); the others mount when the reader picks them. Elsewhere (the
 * API information pages) every panel stays in the HTML, for the Markdown twin.
 * Home, End and Space work as the ARIA tabs pattern says (src/components/TabListKeys).
 */
export default function MimeTabsWrapper(props: Record<string, unknown>): ReactNode {
  return (
    <TabListKeys>
      <MimeTabs lazy={useIsEndpointPage()} {...props} />
    </TabListKeys>
  );
}
