import type {ReactNode} from 'react';
import ResponseHeaders from '@theme-original/ResponseHeaders';
import {FieldScopeProvider, useFieldScope} from '@site/src/components/FieldAnchor';
import {responseHeaderScope} from '@zip/model/fieldAnchors';

/** A response's headers: their anchors (`response-header-retry-after`) are kept apart from the response's fields. */
export default function ResponseHeadersWrapper(props: Record<string, unknown>): ReactNode {
  const scope = useFieldScope();
  if (!scope) return <ResponseHeaders {...props} />;
  return (
    <FieldScopeProvider scope={{id: responseHeaderScope(scope.id), kind: scope.kind.replace(/field$/, 'header'), path: ''}}>
      <ResponseHeaders {...props} />
    </FieldScopeProvider>
  );
}
