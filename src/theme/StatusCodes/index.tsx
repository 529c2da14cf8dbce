import type {ReactNode} from 'react';
import {FieldScopeProvider} from '@site/src/components/FieldAnchor';
import {responsesScope} from '@site/src/utils/fieldAnchors';
import {preloadable} from '@site/src/utils/preloadable';

// Rendered by the server into the page; in the browser, loaded only when an
// endpoint page's reference goes live (src/components/StaticUntilInteraction,
// whose `prepare` is `preload`), so a page that is only read never
// evaluates it.
const StatusCodes = preloadable(() => import('@theme-original/StatusCodes'));

/** The responses; src/theme/ApiTabs gives each status's fields their prefix (`response-`, `response-404-`). */
function StatusCodesWithAnchors(props: Record<string, unknown>): ReactNode {
  return (
    <FieldScopeProvider scope={{id: responsesScope, kind: 'response field', path: ''}}>
      <StatusCodes {...props} />
    </FieldScopeProvider>
  );
}

export default Object.assign(StatusCodesWithAnchors, {preload: StatusCodes.preload});
