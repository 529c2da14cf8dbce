import type {ReactNode} from 'react';

interface Props {
  readonly children?: () => ReactNode;
  readonly fallback?: ReactNode;
}

/**
 * Stands in for `@docusaurus/BrowserOnly` inside the OpenAPI theme's
 * parameter, request-schema and response-schema sections (and nowhere else):
 * those sections render the same on the server as in the browser, so they go
 * into the static HTML — the page's main content paints before any script
 * runs, and the search index sees every field. Wired in by the
 * lean-endpoints plugin (index.ts beside this file).
 */
export default function RenderOnServer({children}: Props): ReactNode {
  return children ? children() : null;
}
