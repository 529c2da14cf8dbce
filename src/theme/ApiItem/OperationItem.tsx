import {useCallback, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import type {Props} from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import ApiItemLayout from '@theme/ApiItem/Layout';
import {SchemaExpansionProvider} from '@theme/SchemaExpansion';
import {Provider} from 'react-redux';
import type {ApiThemeOptions} from '@theme/ApiItem/store';
import type {ApiOperation} from '@zip/model/apiOperation';
import ExplorerPanel, {SkipToExplorer} from './ExplorerPanel';
import {loadOperation, useExplorerStore} from './useExplorerStore';
import ReaderKeyInExplorer from './ReaderKeyInExplorer';
import StaticUntilInteraction from '@site/src/components/StaticUntilInteraction';
import ParamsDetails from '@site/src/theme/ParamsDetails';
import RequestSchema from '@site/src/theme/RequestSchema';
import StatusCodes from '@site/src/theme/StatusCodes';
import {useMarkupMending} from '@site/src/utils/useMarkupMending';
import {useUrlFragment} from '@site/src/components/FieldAnchor';
import {useSearchLandsOnField} from '@site/src/components/FieldAnchor/useSearchLandsOnField';
import {isFieldAnchor} from '@zip/model/fieldAnchors';
import {preloadSectionData} from '@site/src/utils/apiPageData';
import {mendThemeMarkup} from './mendThemeMarkup';
import WebhookTestDelivery from '@site/src/components/WebhookTestDelivery';
import {eventBody} from '@zip/model/webhookDelivery';

/**
 * A webhook's example payload (the first of its request body's examples), as the body Zip would
 * send; the event pages' "Send a test delivery" signs it.
 */
function webhookExample(api: ApiOperation, source: string): string {
  const examples = Object.values(api.requestBody?.content?.['application/json']?.examples ?? {});
  const example = examples[0]?.value;
  if (example === undefined) throw new Error(`${source}: the webhook has no example payload to send as a test delivery.`);
  return eventBody(example);
}

/**
 * The code of the reference's sections and their data (the page module's
 * `sectionData`, plugins/api-reference/page-data.ts), loaded when the
 * reader starts using it.
 */
function prepareReference(sectionData: unknown): Promise<unknown> {
  return Promise.all([ParamsDetails.preload(), RequestSchema.preload(), StatusCodes.preload(), preloadSectionData(sectionData)]);
}

interface OperationItemProps extends Props {
  /**
   * The page module's `operation` (plugins/api-reference/page-data.ts): the
   * operation on the server, its file's URL in the browser. Checked when it is
   * read (useExplorerStore), so API articles load no checker.
   */
  readonly operation: unknown;
}

/**
 * An endpoint page: the theme's two-column layout with the generated
 * reference on the left (rendered on the server) and the request explorer
 * on the right (loaded when the reader gets to it).
 */
export default function OperationItem({content, operation}: OperationItemProps): ReactNode {
  const MDXComponent = content;
  const {permalink, title} = content.metadata;
  const frontMatter = content.frontMatter as Record<string, unknown>;
  const infoPath = typeof frontMatter.info_path === 'string' ? frontMatter.info_path : '';
  // A webhook (method `event`) is a request Zip sends: known from the front matter, as the operation
  // itself comes after hydration.
  const isWebhook = frontMatter.api_method === 'event';
  const options = (useDocusaurusContext().siteConfig.themeConfig as {api?: ApiThemeOptions}).api;
  const {store, api, setAuthData, ready, whenReady, failure} = useExplorerStore(operation, permalink, options);
  // The payload a test delivery signs, read when the reader signs. On the server the operation is here, so a
  // webhook without an example fails the build, naming the page.
  if (isWebhook && api) webhookExample(api, permalink);
  const loadWebhookBody = useCallback(
    () => loadOperation(operation, permalink).then((loaded) => webhookExample(loaded, permalink)),
    [operation, permalink],
  );
  // The live reference reads the store (schema choices, content types).
  const {sectionData} = content as {sectionData?: unknown};
  const prepare = useCallback(() => Promise.all([prepareReference(sectionData), whenReady]), [sectionData, whenReady]);

  // The faulty elements appear and disappear as the reader resizes the
  // window or opens sections, so the markup is mended whenever it changes.
  const container = useMarkupMending<HTMLDivElement>(mendThemeMarkup);
  useSearchLandsOnField(container);
  // A link to a field may need a collapsed section or another response's tab
  // opened, which the server's markup cannot do: the reference goes live.
  const linksToField = isFieldAnchor(useUrlFragment());

  return (
    <DocProvider content={content}>
      <HtmlClassNameProvider className={`docs-doc-id-${content.metadata.id}`}>
        <DocItemMetadata />
        <ApiItemLayout>
          <Provider store={store}>
            {setAuthData && <ReaderKeyInExplorer setAuthData={setAuthData} />}
            <SchemaExpansionProvider>
              {!isWebhook && <SkipToExplorer />}
              <div ref={container} className="row theme-api-markdown">
                <StaticUntilInteraction className="col col--7 openapi-left-panel__container" prepare={prepare} liveWhen={linksToField}>
                  <MDXComponent />
                </StaticUntilInteraction>
                <div className="col col--5 openapi-right-panel__container">
                  {/* A webhook (method `event`) is a request Zip sends: no explorer, but a signed test delivery
                      for the reader to send to their own endpoint. Outside the static reference, so it
                      hydrates with the page and its form never works as a plain HTML form. */}
                  {isWebhook ? (
                    <WebhookTestDelivery eventType={title} loadBody={loadWebhookBody} />
                  ) : (
                    <ExplorerPanel api={api} infoPath={infoPath} storeReady={ready} failure={failure} />
                  )}
                </div>
              </div>
            </SchemaExpansionProvider>
          </Provider>
        </ApiItemLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
