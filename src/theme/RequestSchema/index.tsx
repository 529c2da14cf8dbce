import type {ComponentType, CSSProperties, ReactNode} from 'react';
import {withFieldScope} from '@site/src/components/FieldAnchor';
import {requestScope} from '@zip/model/fieldAnchors';
import {preloadable} from '@site/src/utils/preloadable';
import {withSectionData} from '@site/src/utils/apiPageData';
// The OpenAPI theme's reference styles (schemas, tabs, parameters): here, in the chunk of the pages that
// show a reference, not on every page (patches/README.md, plugins/api-reference/chunks.ts).
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';

/** The theme's props (docusaurus-theme-openapi-docs/lib/theme/RequestSchema), as far as this wrapper reads them. */
interface RequestSchemaProps {
  readonly title: string;
  readonly body?: {readonly content?: Readonly<Record<string, unknown>>};
  readonly style?: CSSProperties;
}

/**
 * The body's heading names its media type ("Body (application/json)"): the
 * heading sits in the media type's tab, and read as text, where the tab's
 * label is gone, a bare "Body" does not say which variant it describes.
 * With several media types each tab already shows its own; the heading stays.
 */
function namingMediaType(RequestSchema: ComponentType<RequestSchemaProps>): ComponentType<RequestSchemaProps> {
  return function RequestSchemaNamingMediaType(props: RequestSchemaProps): ReactNode {
    const mediaTypes = Object.keys(props.body?.content ?? {});
    const title = mediaTypes.length === 1 ? `${props.title} (${mediaTypes[0]})` : props.title;
    return <RequestSchema {...props} title={title} />;
  };
}

// Rendered by the server into the page; in the browser, loaded only when an
// endpoint page's reference goes live (src/components/StaticUntilInteraction,
// whose `prepare` is `preload`), so a page that is only read never
// evaluates it. Its data comes as `data`, in the browser a file fetched
// then too (src/utils/apiPageData.tsx). Its fields' anchors start with
// `request-` (packages/model/src/fieldAnchors.ts).
export default withFieldScope(
  withSectionData(
    preloadable<RequestSchemaProps>(() =>
      import('@theme-original/RequestSchema').then((module: {default: ComponentType<RequestSchemaProps>}) => ({
        default: namingMediaType(module.default),
      })),
    ),
  ),
  {
    id: requestScope,
    kind: 'request body field',
    path: '',
  },
);
