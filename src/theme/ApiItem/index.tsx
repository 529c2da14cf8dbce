import {lazy, type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';
import {operationFromFrontMatter} from '@site/src/utils/apiOperation';

// The endpoint-page machinery (request state, layout, explorer loader) is a
// chunk of its own, so the API section's articles (intro, authentication,
// errors) load none of the OpenAPI theme's code.
const OperationItem = lazy(() => import('./OperationItem'));

/**
 * The API docs instance's page component. Endpoint pages (their `api` front
 * matter is the operation, as JSON) get the OpenAPI layout; every other page
 * in api/ is an ordinary doc page. A page whose `api` is not an operation
 * fails here, naming the page.
 *
 * No <Suspense> around the lazy part, on purpose: React's server renderer
 * streams a large suspense boundary after the footer and moves it into place
 * with a script, so the page first painted empty and then jumped (CLS 0.8).
 * Without a boundary the server waits and writes the page in order, and the
 * browser keeps that HTML while the chunk loads, then hydrates it.
 */
export default function ApiItem(props: Props): ReactNode {
  const frontMatter = props.content.frontMatter as Record<string, unknown>;
  if (frontMatter.api === undefined) {
    return <DocItem {...props} />;
  }
  return <OperationItem {...props} operation={operationFromFrontMatter(frontMatter.api, props.content.metadata.permalink)} />;
}
