/**
 * The API reference's products: where each one's spec is, where its pages are
 * generated, and how the sidebar introduces it. This is the one list: the
 * OpenAPI plugin's config, the API sidebar, the footer's API links, the
 * published specs, the spec lint, the test mode, the generator script and the
 * tests all read it. Adding a product is a spec, an intro page and an entry here.
 */

export const openApiPluginId = 'openapi';

/** The specs of openapi/, by file name without `.yaml`: the one list of them (the changelog, the test mode and the products below name a spec by it). */
export const specNames = ['payments', 'checkout', 'links', 'requests'] as const;
export type SpecName = (typeof specNames)[number];
export type SpecFile = `openapi/${SpecName}.yaml`;

/** The file in openapi/ a spec name stands for. */
export const specFile = (name: SpecName): SpecFile => `openapi/${name}.yaml`;

/** The spec name of a file in openapi/. */
export const specNameOf = (file: SpecFile): SpecName => file.slice('openapi/'.length, -'.yaml'.length) as SpecName;

export interface ApiProduct {
  /** Key in the OpenAPI plugin's config; also the generator's CLI argument. */
  readonly id: string;
  /** Sidebar category label. */
  readonly label: string;
  /** The spec the plugin reads. */
  readonly specPath: string;
  /** The spec file in openapi/ this product's operations come from. */
  readonly sourceSpec: SpecFile;
  /** Folder, inside the repository, that generated pages are written to. */
  readonly outputDir: string;
  /** Hand-written introduction shown first in the product's sidebar category, and linked from the footer. */
  readonly introDocId?: string;
  /** The footer's name for the introduction, where the label would repeat another footer link. */
  readonly footerLabel?: string;
  /** Set for products derived from one tag of a larger spec. */
  readonly tag?: string;
  /** Generate the spec's information page (the `info` section). */
  readonly showInfoPage: boolean;
  /** Group the sidebar by tag (the complete reference has several). */
  readonly groupByTag: boolean;
}

export interface DerivedSpec extends ApiProduct {
  readonly tag: string;
}

export const apiProducts: readonly ApiProduct[] = [
  {
    id: 'charges',
    label: 'Charges',
    specPath: '.generated/openapi/charges.yaml',
    sourceSpec: 'openapi/payments.yaml',
    tag: 'Charges',
    outputDir: 'api/core/charges',
    introDocId: 'core/charges/charges-intro',
    showInfoPage: false,
    groupByTag: false,
  },
  {
    id: 'customers',
    label: 'Customers',
    specPath: '.generated/openapi/customers.yaml',
    sourceSpec: 'openapi/payments.yaml',
    tag: 'Customers',
    outputDir: 'api/core/customers',
    introDocId: 'core/customers/customers-intro',
    showInfoPage: false,
    groupByTag: false,
  },
  {
    id: 'sources',
    label: 'Sources',
    specPath: '.generated/openapi/sources.yaml',
    sourceSpec: 'openapi/payments.yaml',
    tag: 'Sources',
    outputDir: 'api/core/sources',
    introDocId: 'core/sources/sources-intro',
    showInfoPage: false,
    groupByTag: false,
  },
  {
    id: 'events',
    label: 'Events and webhooks',
    specPath: '.generated/openapi/events.yaml',
    sourceSpec: 'openapi/payments.yaml',
    tag: 'Events',
    outputDir: 'api/core/events',
    introDocId: 'core/events/events-intro',
    showInfoPage: false,
    groupByTag: false,
  },
  {
    id: 'checkout',
    label: 'Checkout sessions',
    specPath: 'openapi/checkout.yaml',
    sourceSpec: 'openapi/checkout.yaml',
    outputDir: 'api/checkout/endpoints',
    introDocId: 'checkout/intro',
    showInfoPage: false,
    groupByTag: false,
  },
  {
    id: 'links',
    label: 'Payment links',
    specPath: 'openapi/links.yaml',
    sourceSpec: 'openapi/links.yaml',
    outputDir: 'api/links',
    introDocId: 'links/links-intro',
    footerLabel: 'Payment links API',
    showInfoPage: false,
    groupByTag: false,
  },
  {
    id: 'requests',
    label: 'Payment requests',
    specPath: 'openapi/requests.yaml',
    sourceSpec: 'openapi/requests.yaml',
    outputDir: 'api/requests',
    introDocId: 'requests/requests-intro',
    footerLabel: 'Payment requests API',
    showInfoPage: false,
    groupByTag: false,
  },
  {
    id: 'payments',
    label: 'Payments API v2 (complete)',
    specPath: 'openapi/payments.yaml',
    sourceSpec: 'openapi/payments.yaml',
    outputDir: 'api/payments',
    showInfoPage: true,
    groupByTag: true,
  },
];

export const derivedSpecs: readonly DerivedSpec[] = apiProducts.filter((product): product is DerivedSpec => product.tag !== undefined);

/** The footer's links to each product's introduction. */
export const apiFooterLinks: readonly {label: string; to: string}[] = apiProducts.flatMap((product) =>
  product.introDocId ? [{label: product.footerLabel ?? product.label, to: `/api/${product.introDocId}`}] : [],
);

/** The spec files in openapi/, each once. */
export const sourceSpecs: readonly SpecFile[] = specNames.map(specFile);

/** The folder, under the site root, that the build publishes the specs from (plugins/machine-readable). */
export const publishedSpecsPath = '/openapi/';

/**
 * The Postman collection of every operation and its environment, which the
 * build publishes beside the specs at /openapi/ (plugins/api-client-collection)
 * and the API intro pages link to (src/components/ApiClientCollection).
 */
export const apiClient = {
  collectionName: 'Zip APIs',
  environmentName: 'Zip test mode',
  files: {collection: 'zip-apis.postman_collection.json', environment: 'zip-test-mode.postman_environment.json'},
} as const;
