import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {apiClient} from '@zip/model/apiReference';

/**
 * Download links for the Postman collection of every operation and its
 * environment, which the build publishes beside the specs at /openapi/
 * (plugins/api-client-collection). Plain <a>s: they are files, not pages.
 * Imported by each API intro page rather than registered with the MDX
 * components, which would put it in every page's main bundle. A sentence, not a block:
 * on the line after a paragraph it ends that paragraph.
 */
export default function ApiClientCollection(): ReactNode {
  const {collection, environment} = apiClient.files;
  const collectionHref = useBaseUrl(`/openapi/${collection}`);
  const environmentHref = useBaseUrl(`/openapi/${environment}`);
  return (
    <span>
      To try every operation from Postman or another API client, import the{' '}
      <a href={collectionHref} download={collection} type="application/json">
        Postman collection of the four APIs
      </a>{' '}
      and its{' '}
      <a href={environmentHref} download={environment} type="application/json">
        environment
      </a>
      , then put your secret test key in the environment&apos;s <code>testKey</code> variable.
    </span>
  );
}
