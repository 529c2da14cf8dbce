import {cloneElement, isValidElement, useState, type ReactElement, type ReactNode} from 'react';
import SchemaItem, {type Props} from '@theme-original/SchemaItem';
import FieldAnchor, {FieldScopeProvider, nestedScope, useFieldScope, useUrlFragment} from '@site/src/components/FieldAnchor';
import {fieldId, fragmentIsWithin} from '@zip/model/fieldAnchors';

/**
 * The name of a collapsible field (an object or array of objects): the theme
 * gives its SchemaItem no `name`, only the `Details` (its children) whose
 * `summary` is the theme's `Summary` with the name. The browser tests
 * (tests/e2e/field-links.test.ts) fail when an upgrade moves it.
 */
function collapsibleFieldName(details: ReactNode): string | undefined {
  if (!isValidElement<{summary?: ReactNode}>(details)) return undefined;
  const {summary} = details.props;
  return isValidElement<{name?: unknown}>(summary) && typeof summary.props.name === 'string' ? summary.props.name : undefined;
}

/**
 * A request-body or response field of an endpoint page, with its anchor and
 * link (src/components/FieldAnchor). The fields nested in it get anchors
 * under its own. When the URL's fragment names this field or one inside it,
 * its collapsed section starts open: the theme's `Details` reads `open` only
 * when it mounts, so it is mounted again, once, with a key of its own.
 */
export default function SchemaItemWrapper(props: Props): ReactNode {
  const scope = useFieldScope();
  const fragment = useUrlFragment();
  const name = props.name ?? (props.collapsible ? collapsibleFieldName(props.children) : undefined);
  const id = scope ? fieldId(scope.id, name) : undefined;
  const linked = id !== undefined && fragmentIsWithin(fragment, id);
  const [openedByLink, setOpenedByLink] = useState(false);
  if (linked && props.collapsible && !openedByLink) setOpenedByLink(true);
  if (!scope || id === undefined || name === undefined) return <SchemaItem {...props} />;

  const {scope: inner, label} = nestedScope(scope, id, name);
  const details = props.children;
  const children =
    openedByLink && isValidElement(details)
      ? cloneElement(details as ReactElement<{open?: boolean}>, {open: true, key: 'opened-by-link'})
      : details;
  return (
    <FieldScopeProvider scope={inner}>
      <FieldAnchor id={id} name={name} label={label}>
        <SchemaItem {...props}>{children}</SchemaItem>
      </FieldAnchor>
    </FieldScopeProvider>
  );
}
