import type {ReactNode} from 'react';
import OperationTabs from '@theme-original/OperationTabs';
import TabListKeys from '@site/src/components/TabListKeys';

/** The theme's tabs, with Home, End and Space as the ARIA tabs pattern says (src/components/TabListKeys). */
export default function OperationTabsWrapper(props: Record<string, unknown>): ReactNode {
  return (
    <TabListKeys>
      <OperationTabs {...props} />
    </TabListKeys>
  );
}
