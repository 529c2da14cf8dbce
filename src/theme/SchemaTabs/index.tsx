import {Children, cloneElement, isValidElement, type ReactElement, type ReactNode} from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';
import TabListKeys from '@site/src/components/TabListKeys';
import {statusLine} from '@site/src/utils/httpStatus';
import {useIsEndpointPage} from '@site/src/utils/useIsEndpointPage';
// The OpenAPI theme's reference styles (schemas, tabs, parameters): here, in the chunk of the pages that
// show a reference, not on every page (patches/README.md, plugins/api-reference/chunks.ts).
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';

interface TabItemProps {
  readonly label?: string;
  readonly attributes?: {readonly className?: string};
}

/** The class the explorer's response tab carries: its label is the status code alone (" 201"). */
const responseStatusTabClass = 'openapi-response__dot';

/** The explorer's response tab reads "201 Created" rather than its dot and code; other tabs are left as they are. */
function withStatusLine(child: ReactNode): ReactNode {
  if (!isValidElement<TabItemProps>(child)) return child;
  const {label, attributes} = child.props;
  const code = label?.trim();
  if (!attributes?.className?.includes(responseStatusTabClass) || !code || !/^\d{3}$/.test(code)) return child;
  return cloneElement(child as ReactElement<TabItemProps>, {label: statusLine(code)});
}

/**
 * On endpoint pages these tabs render only the selected panel (see
 * README.md); the others mount when the reader picks them. Elsewhere (the
 * API information pages) every panel stays in the HTML, for the Markdown twin.
 * Home, End and Space work as the ARIA tabs pattern says (src/components/TabListKeys),
 * and the explorer's response tab is named by its status line.
 */
export default function SchemaTabsWrapper({
  children,
  ...props
}: {
  readonly children?: ReactNode;
  readonly [prop: string]: unknown;
}): ReactNode {
  return (
    <TabListKeys>
      <SchemaTabs lazy={useIsEndpointPage()} {...props}>
        {Children.map(children, withStatusLine)}
      </SchemaTabs>
    </TabListKeys>
  );
}
