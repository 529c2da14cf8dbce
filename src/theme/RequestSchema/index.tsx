import type {ReactNode} from 'react';
import {FieldScopeProvider} from '@site/src/components/FieldAnchor';
import {requestScope} from '@site/src/utils/fieldAnchors';
import {preloadable} from '@site/src/utils/preloadable';

// Rendered by the server into the page; in the browser, loaded only when an
// endpoint page's reference goes live (src/components/StaticUntilInteraction,
// whose `prepare` is `preload`), so a page that is only read never
// evaluates it.
const RequestSchema = preloadable(() => import('@theme-original/RequestSchema'));

/** The request body; its fields' anchors start with `request-` (src/utils/fieldAnchors.ts). */
function RequestSchemaWithAnchors(props: Record<string, unknown>): ReactNode {
  return (
    <FieldScopeProvider scope={{id: requestScope, kind: 'request body field', path: ''}}>
      <RequestSchema {...props} />
    </FieldScopeProvider>
  );
}

export default Object.assign(RequestSchemaWithAnchors, {preload: RequestSchema.preload});
