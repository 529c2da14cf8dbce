import type {ReactNode} from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';

/**
 * Tabs on endpoint pages render only the selected panel (see README.md):
 * the other panels mount when the reader picks them.
 */
export default function SchemaTabsWrapper(props: Record<string, unknown>): ReactNode {
  return <SchemaTabs lazy {...props} />;
}
