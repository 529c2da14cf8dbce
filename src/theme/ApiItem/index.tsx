import {lazy, type ReactNode} from 'react';
import Loadable from 'react-loadable';
import DocItem from '@theme/DocItem';
import type {Props} from '@theme/DocItem';

// The endpoint-page machinery (layout, explorer loader) is a chunk of its
// own, so the API section's articles (intro, authentication, errors) load
// none of the OpenAPI theme's code; the request state's code comes after
// hydration (useExplorerStore.ts).
const loadOperationItem = () => import(/* webpackChunkName: "api-operation-item" */ './OperationItem');
const OperationItem = lazy(loadOperationItem);

/**
 * Renders nothing; on the server it reports the chunk above to Docusaurus's
 * loadable capture, so an endpoint page's HTML names the chunk's files beside
 * the route's and a phone fetches them with main.js, instead of after main.js
 * has run and the hydrating render asked for them (tests/e2e/shell.test.ts,
 * "start-up"). React.lazy renders the component: a loadable would render its
 * fallback where the server wrote the page.
 */
const NameOperationItemChunk = Loadable<object, Awaited<ReturnType<typeof loadOperationItem>>>({
  loader: loadOperationItem,
  modules: ['api-operation-item'],
  loading: () => null,
  render: () => null,
});

/**
 * The API docs instance's page component. Endpoint pages (their `api` front
 * matter names the operation's file, which their module exports as
 * `operation`: plugins/api-reference/page-data.ts) get the OpenAPI layout;
 * every other page in api/ is an ordinary doc page. A page whose operation is
 * not one fails in OperationItem's store hook, naming the page.
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
  return (
    <>
      <NameOperationItemChunk />
      <OperationItem {...props} operation={(props.content as {operation?: unknown}).operation} />
    </>
  );
}
