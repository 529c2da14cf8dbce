import type {ReactNode} from 'react';
import ApiTabs from '@theme-original/ApiTabs';

/**
 * Tabs on endpoint pages render only the selected panel (see README.md):
 * the other panels mount when the reader picks them.
 */
export default function ApiTabsWrapper(props: Record<string, unknown>): ReactNode {
  return <ApiTabs lazy {...props} />;
}
