/**
 * The endpoint pages the API reference must have, derived from the specs
 * (never from a hand-written list): one per operation of each product.
 */
import {readFileSync} from 'node:fs';
import yaml from 'js-yaml';
import {apiProducts} from '@zip/model/apiReference';

export interface ExpectedEndpoint {
  readonly route: string;
  readonly summary: string;
  readonly method: string;
  readonly path: string;
  readonly product: string;
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
}

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];

/** createCharge → create-charge, as the OpenAPI plugin names pages. */
export function kebabCase(operationId: string): string {
  return operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

export function expectedEndpoints(): ExpectedEndpoint[] {
  return apiProducts.flatMap((product) => {
    const spec = yaml.load(readFileSync(product.sourceSpec, 'utf8')) as {paths: Record<string, Record<string, Operation>>};
    return Object.entries(spec.paths).flatMap(([path, pathItem]) =>
      httpMethods
        .filter((method) => pathItem[method] !== undefined)
        .map((method) => ({method, operation: pathItem[method] as Operation}))
        .filter(({operation}) => product.tag === undefined || (operation.tags ?? []).includes(product.tag))
        .map(({method, operation}) => {
          if (!operation.operationId || !operation.summary) {
            throw new Error(`${product.sourceSpec}: ${method.toUpperCase()} ${path} needs an operationId and a summary.`);
          }
          return {
            route: `/${product.outputDir}/${kebabCase(operation.operationId)}`,
            summary: operation.summary,
            method: method.toUpperCase(),
            path,
            product: product.id,
          };
        }),
    );
  });
}
