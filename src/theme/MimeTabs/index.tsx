import type {ReactNode} from 'react';
import MimeTabs from '@theme-original/MimeTabs';

/**
 * Tabs on endpoint pages render only the selected panel (see README.md):
 * the other panels mount when the reader picks them.
 */
export default function MimeTabsWrapper(props: Record<string, unknown>): ReactNode {
  return <MimeTabs lazy {...props} />;
}
