import {withFieldScope} from '@site/src/components/FieldAnchor';
import {responsesScope} from '@zip/model/fieldAnchors';
import {preloadable} from '@site/src/utils/preloadable';
import {withSectionData} from '@site/src/utils/apiPageData';
// The OpenAPI theme's reference styles (schemas, tabs, parameters): here, in the chunk of the pages that
// show a reference, not on every page (patches/README.md, plugins/api-reference/chunks.ts).
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';

// Rendered by the server into the page; in the browser, loaded only when an
// endpoint page's reference goes live (src/components/StaticUntilInteraction,
// whose `prepare` is `preload`), so a page that is only read never
// evaluates it. Its data comes as `data`, in the browser a file fetched
// then too (src/utils/apiPageData.tsx). src/theme/ApiTabs gives each
// status's fields their anchor prefix (`response-`, `response-404-`,
// packages/model/src/fieldAnchors.ts).
export default withFieldScope(withSectionData(preloadable(() => import('@theme-original/StatusCodes'))), {
  id: responsesScope,
  kind: 'response field',
  path: '',
});
