import type {ReactNode} from 'react';
import SchemaTabs from '@theme-original/SchemaTabs';
import {useIsEndpointPage} from '@site/src/utils/useIsEndpointPage';
// The OpenAPI theme's reference styles (schemas, tabs, parameters): here, in the chunk of the pages that
// show a reference, not on every page (patches/README.md, plugins/api-reference/styles.ts).
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';

/**
 * On endpoint pages these tabs render only the selected panel (see
 * README.md); the others mount when the reader picks them. Elsewhere (the
 * API information pages) every panel stays in the HTML, for the Markdown twin.
 */
export default function SchemaTabsWrapper(props: Record<string, unknown>): ReactNode {
  return <SchemaTabs lazy={useIsEndpointPage()} {...props} />;
}
