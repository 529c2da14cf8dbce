import type {ReactNode} from 'react';
import DiscriminatorTabs from '@theme-original/DiscriminatorTabs';
import TabListKeys from '@site/src/components/TabListKeys';

/** The theme's tabs, with Home, End and Space as the ARIA tabs pattern says (src/components/TabListKeys). */
export default function DiscriminatorTabsWrapper(props: Record<string, unknown>): ReactNode {
  return (
    <TabListKeys>
      <DiscriminatorTabs {...props} />
    </TabListKeys>
  );
}
