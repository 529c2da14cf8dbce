import {Children, cloneElement, isValidElement, useState, type ReactElement, type ReactNode} from 'react';
import ApiTabs from '@theme-original/ApiTabs';
import TabListKeys from '@site/src/components/TabListKeys';
import {FieldScopeProvider, useFieldScope, useUrlFragment} from '@site/src/components/FieldAnchor';
import {fragmentIsWithin, primaryResponseStatus, responseScope, responsesScope} from '@zip/model/fieldAnchors';
import {useIsEndpointPage} from '@site/src/utils/useIsEndpointPage';

interface TabItemProps {
  readonly value: string;
  readonly children?: ReactNode;
}

function tabValue(child: ReactNode): string | undefined {
  return isValidElement<TabItemProps>(child) ? child.props.value : undefined;
}

/**
 * On endpoint pages these tabs render only the selected panel (see
 * README.md); the others mount when the reader picks them. Elsewhere (the
 * API information pages) every panel stays in the HTML, for the Markdown twin.
 *
 * The theme uses them for the responses (src/theme/StatusCodes): each
 * status's fields get their anchor prefix here (packages/model/src/fieldAnchors.ts),
 * and a URL naming a field of another status than the first opens its tab.
 * Home, End and Space work as the ARIA tabs pattern says (src/components/TabListKeys).
 */
export default function ApiTabsWrapper({children, ...props}: {readonly children?: ReactNode; readonly [prop: string]: unknown}): ReactNode {
  const lazy = useIsEndpointPage();
  const scope = useFieldScope();
  const fragment = useUrlFragment();
  const statuses = Children.toArray(children).flatMap((child) => tabValue(child) ?? []);
  const primary = primaryResponseStatus(statuses);
  const linkedStatus = statuses.find((status) => status !== primary && fragmentIsWithin(fragment, responseScope(status, primary)));
  // Once a link has opened a tab, the tabs keep it until a link names another.
  const [openedByLink, setOpenedByLink] = useState<string | undefined>(undefined);
  if (linkedStatus !== undefined && linkedStatus !== openedByLink) setOpenedByLink(linkedStatus);
  if (scope?.id !== responsesScope) {
    return (
      <TabListKeys>
        <ApiTabs lazy={lazy} {...props}>
          {children}
        </ApiTabs>
      </TabListKeys>
    );
  }
  const scoped = Children.map(children, (child) => {
    const status = tabValue(child);
    if (status === undefined || !isValidElement<TabItemProps>(child)) return child;
    const id = responseScope(status, primary);
    const kind = status === primary ? 'response field' : `${status} response field`;
    return cloneElement(child as ReactElement<TabItemProps>, {
      children: <FieldScopeProvider scope={{id, kind, path: ''}}>{child.props.children}</FieldScopeProvider>,
    });
  });
  return (
    <TabListKeys>
      <ApiTabs key={openedByLink ?? primary} lazy={lazy} {...props} {...(openedByLink ? {defaultValue: openedByLink} : {})}>
        {scoped}
      </ApiTabs>
    </TabListKeys>
  );
}
