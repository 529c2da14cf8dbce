import type {ReactNode} from 'react';
import Tabs from '@theme-original/Tabs';
import type TabsType from '@theme/Tabs';
import type {WrapperProps} from '@docusaurus/types';
import {createStorageSlot} from '@docusaurus/theme-common';
import StaticUntilInteraction from '@site/src/components/StaticUntilInteraction';
import TabListKeys from '@site/src/components/TabListKeys';
import {useReaderTestKey} from '@site/src/utils/readerTestKey';

type Props = WrapperProps<typeof TabsType>;

/** The theme's storage key for a group's remembered tab. */
function storageKeyOf(groupId: string | undefined): string | undefined {
  return groupId ? `docusaurus.tab.${groupId}` : undefined;
}

/** Whether the reader has a tab choice for this group (remembered, or in the URL) that hydration must apply. */
function hasChoice({groupId, queryString}: Props): boolean {
  if (typeof window === 'undefined') return false;
  const parameter = typeof queryString === 'string' ? queryString : queryString ? groupId : undefined;
  if (parameter && new URLSearchParams(window.location.search).has(parameter)) return true;
  const storageKey = storageKeyOf(groupId);
  return Boolean(storageKey && createStorageSlot(storageKey).get());
}

/**
 * The theme's tabs remount everything in them right after hydration, to
 * apply a remembered or linked tab: on a guide with several tab groups of
 * code, most of the work the page did before it answered. Unless the reader
 * has such a choice, the tabs stay the server's markup until the reader
 * comes to them (src/components/StaticUntilInteraction) or picks a tab in
 * another group of the same name; a tab clicked meanwhile is selected once
 * they are live. With the reader's test key, they go live at once, so the
 * code blocks in them can show it. Home, End and Space work as the ARIA tabs
 * pattern says (src/components/TabListKeys).
 */
export default function TabsWrapper(props: Props): ReactNode {
  const readerKey = useReaderTestKey();
  return (
    <TabListKeys>
      <StaticUntilInteraction
        staticOnHydration={!hasChoice(props)}
        liveWhen={readerKey !== null}
        // A choice made in another group of the same name applies here too.
        liveOnStorageKey={storageKeyOf(props.groupId)}>
        <Tabs {...props} />
      </StaticUntilInteraction>
    </TabListKeys>
  );
}
