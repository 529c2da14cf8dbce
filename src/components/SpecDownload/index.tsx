import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {apiProducts} from '@zip/model/apiReference';

interface SpecDownloadProps {
  /** The API product's id in packages/model/src/apiReference.ts. */
  readonly product: string;
}

/** The spec file a product's operations come from, e.g. `payments.yaml`. */
function specFileName(productId: string): string {
  const product = apiProducts.find((entry) => entry.id === productId);
  if (!product) {
    throw new Error(`SpecDownload: no API product "${productId}" in packages/model/src/apiReference.ts.`);
  }
  return product.sourceSpec.split('/').at(-1) ?? product.sourceSpec;
}

/**
 * A download link for the published OpenAPI spec of an API product, served
 * by the build at /openapi/<file> (plugins/machine-readable). A plain <a>:
 * the spec is a file, not a page, so client-side routing must not take it.
 */
export default function SpecDownload({product}: SpecDownloadProps): ReactNode {
  const fileName = specFileName(product);
  const href = useBaseUrl(`/openapi/${fileName}`);
  return (
    <a href={href} download={fileName} type="application/yaml">
      Download the OpenAPI spec (<code>{fileName}</code>)
    </a>
  );
}
