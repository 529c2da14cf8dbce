/**
 * `.generated/operation-pages.json`: the page of every operation and event,
 * by spec and `operationId`, for the API changelog (src/components/ApiChangelog)
 * to link the operations its entries name. The page is the product section's
 * (Charges, Customers, …) where the operation's tag has one, else the spec's
 * own reference; the plugin names a page after its `operationId`, in kebab case.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {apiProducts, sourceSpecs} from '../../src/data/apiReference';

export interface OperationPage {
  readonly title: string;
  readonly permalink: string;
}

/** What the plugin makes a page id of: lodash's kebabCase for the ids Zip's specs use (`createLink` → `create-link`). */
export function pageIdOf(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
}

type Operation = {operationId?: string; summary?: string; tags?: string[]};

/** Every operation's page, by spec name (`links`) and `operationId`. */
export function operationPages(): Record<string, Record<string, OperationPage>> {
  const pages: Record<string, Record<string, OperationPage>> = {};
  for (const specFile of sourceSpecs) {
    const spec = yaml.load(readFileSync(specFile, 'utf8')) as {
      paths?: Record<string, Record<string, Operation>>;
      webhooks?: Record<string, Record<string, Operation>>;
    };
    const products = apiProducts.filter((product) => product.sourceSpec === specFile);
    const whole = products.find((product) => product.tag === undefined);
    const byOperation: Record<string, OperationPage> = {};
    for (const item of [...Object.values(spec.paths ?? {}), ...Object.values(spec.webhooks ?? {})]) {
      for (const operation of Object.values(item)) {
        if (typeof operation !== 'object' || operation === null || typeof operation.operationId !== 'string') continue;
        const pageId = pageIdOf(operation.operationId);
        const candidates = [products.find((product) => product.tag !== undefined && operation.tags?.includes(product.tag)), whole];
        const product = candidates.find((candidate) => candidate && existsSync(path.join(candidate.outputDir, `${pageId}.api.mdx`)));
        if (!product)
          throw new Error(`${specFile}: no generated page for operation ${operation.operationId} (looked for ${pageId}.api.mdx).`);
        byOperation[operation.operationId] = {
          title: operation.summary ?? operation.operationId,
          permalink: `/${product.outputDir}/${pageId}`,
        };
      }
    }
    pages[path.basename(specFile, '.yaml')] = byOperation;
  }
  return pages;
}

export function writeOperationPages(): void {
  mkdirSync('.generated', {recursive: true});
  writeFileSync('.generated/operation-pages.json', `${JSON.stringify(operationPages(), null, 2)}\n`);
}
