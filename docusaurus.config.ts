import type {Config, LoadContext, Plugin} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type {ThemeConfig as OpenApiThemeConfig} from 'docusaurus-theme-openapi-docs';
import {fileURLToPath} from 'node:url';
import {themes as prismThemes} from 'prism-react-renderer';
import {basename} from 'node:path';
import {apiProducts, openApiPluginId, sourceSpecs} from './src/data/apiReference';
import {languageTabs} from './src/data/codeSampleLanguages';
import {prismLight} from './src/utils/prismLight';
import machineReadablePlugin, {publishedSpecsPath, type MachineReadableOptions} from './plugins/machine-readable';
import remarkDiagrams from './plugins/remark-diagrams';
import {compileHintsPlugin} from './plugins/compile-hints';
import deliveryPlugin, {type DeliveryOptions} from './plugins/delivery';
import {facts} from './src/data/facts';
import faultRecoveryPlugin from './plugins/fault-recovery';
import {DIAGRAM_SOURCE_DIRS, DIAGRAMS_DIR} from './scripts/diagrams/files';

// ---------------------------------------------------------------------------
// Environment: every setting that differs between environments is read here,
// once. `.env.example` and the README list them.
// ---------------------------------------------------------------------------
const env = {
  /** Public origin of the site. */
  siteUrl: process.env.ZIP_SITE_URL || 'https://docs.example.com',
  /** Google Analytics (gtag) measurement id; no id, no tag. */
  analyticsId: process.env.ZIP_GTAG_ID || undefined,
  /** Second tracker for site metrics, sent through the same gtag tag. */
  metricsId: process.env.ZIP_METRICS_ID || undefined,
  /** Test builds only: adds a page that crashes on demand (src/test-pages). */
  crashTest: process.env.ZIP_CRASH_TEST === 'true',
  /**
   * Where the API explorer's Send goes instead of the real host, e.g. the
   * local sandbox (`npm run sandbox`): http://127.0.0.1:4010.
   */
  apiProxy: process.env.ZIP_API_PROXY || undefined,
};

const docsRepository = 'https://github.com/example/zip-docs';
const editUrl = `${docsRepository}/edit/main/`;
const dashboardUrl = 'https://dashboard.example.com';

const [firstTrackingId, ...otherTrackingIds] = [env.analyticsId, env.metricsId].filter(
  (id): id is string => Boolean(id),
);

const sitePath = (relativePath: string): string => fileURLToPath(new URL(relativePath, import.meta.url));

/**
 * Options every docs instance shares. Diagrams are drawn at build time: each ```mermaid block
 * whose SVG `npm run diagrams` rendered into diagrams/ becomes that SVG, inline
 * (plugins/remark-diagrams.ts). It runs before Docusaurus's own mermaid plugin, which turns the
 * blocks left (no SVG yet) into the theme's Mermaid component, drawn in the browser.
 */
const commonDocsOptions = {
  editUrl,
  showLastUpdateTime: false,
  versions: {current: {label: 'Next'}},
  beforeDefaultRemarkPlugins: [[remarkDiagrams, {directory: sitePath(`./${DIAGRAMS_DIR}`)}]],
} satisfies DocsOptions;

/**
 * One entry per API product (src/data/apiReference.ts). Generated endpoint
 * pages link their "Edit this page" to the spec they come from. A generated
 * information page offers its published spec for download (the
 * machine-readable plugin serves the specs at /openapi/).
 */
const openApiConfig = Object.fromEntries(
  apiProducts.map((product) => [
    product.id,
    {
      specPath: product.specPath,
      outputDir: product.outputDir,
      showInfoPage: product.showInfoPage,
      downloadUrl: product.showInfoPage ? `${publishedSpecsPath}${basename(product.sourceSpec)}` : undefined,
      sidebarOptions: {groupPathsBy: 'tag'},
    } satisfies OpenApiPlugin.Options,
  ]),
);

/** Pages left out of the sitemap, and so out of llms.txt and the Markdown twins. */
const sitemapIgnorePatterns = ['/tests/**'];

/**
 * Keeps endpoint pages light (see src/theme/README.md):
 * - the OpenAPI theme's parameter, request-schema and response-schema sections
 *   get a `BrowserOnly` that renders on the server too, so they are static HTML;
 * - postman-collection's fake-data library is replaced by a small generator;
 * - postman-code-generators ships only the nine generators `languageTabs` uses.
 */
function apiPerformancePlugin(): Plugin {
  return {
    name: 'zip-api-performance',
    configureWebpack(_config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        module: {
          rules: [
            {
              test: /docusaurus-theme-openapi-docs[\\/]lib[\\/]theme[\\/](ParamsDetails|RequestSchema|ResponseSchema)[\\/]index\.js$/,
              resolve: {alias: {'@docusaurus/BrowserOnly': sitePath('./src/api-performance/RenderOnServer.tsx')}},
            },
          ],
        },
        resolve: {alias: {'@faker-js/faker/locale/en$': sitePath('./src/api-performance/exampleData.ts')}},
        plugins: [
          new NormalModuleReplacementPlugin(
            /postman-code-generators[\\/]lib[\\/]assets[\\/]languages\.js$/,
            sitePath('./src/api-performance/codegenLanguages.cjs'),
          ),
        ],
      };
    },
  };
}

/**
 * Prism's grammars load with the first code block, not with every page
 * (src/code-highlighting/prismWithLanguages.ts says why): client imports of
 * `prism-react-renderer` get the grammars registered, and the classic theme's
 * start-up client module that registered them in main.js is replaced by an
 * empty one. `@theme/CodeBlock` is wrapped to load as a chunk of its own.
 */
function codeHighlightingPlugin(): Plugin {
  const prismWithLanguages = sitePath('./src/code-highlighting/prismWithLanguages.ts');
  return {
    name: 'zip-code-highlighting',
    configureWebpack(_config, _isServer, utils) {
      const {NormalModuleReplacementPlugin} = utils.currentBundler.instance;
      return {
        module: {
          rules: [
            {
              test: /\.[cm]?[jt]sx?$/,
              exclude: prismWithLanguages,
              resolve: {alias: {'prism-react-renderer$': prismWithLanguages}},
            },
          ],
        },
        plugins: [
          new NormalModuleReplacementPlugin(
            /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            sitePath('./src/code-highlighting/noStartupRegistration.ts'),
          ),
        ],
      };
    },
  };
}

/**
 * Start-up work that waits for when it is needed (src/page-load/): route
 * prefetching runs in idle time, and the search plugin's mark.js gets an
 * `unmark()` that returns at once when nothing on the page is marked. The
 * entry chunk carries V8's compile hint (plugins/compile-hints.ts).
 */
function pageLoadPlugin(): Plugin {
  const markOnlyWhenMarked = sitePath('./src/page-load/markOnlyWhenMarked.ts');
  return {
    name: 'zip-page-load',
    getClientModules() {
      return [sitePath('./src/page-load/prefetchWhenIdle.ts')];
    },
    configureWebpack(_config, isServer, utils) {
      const bundler = utils.currentBundler.instance;
      const {NormalModuleReplacementPlugin} = bundler;
      return {
        plugins: [
          ...(isServer ? [] : [compileHintsPlugin(bundler, ['main'])]),
          new NormalModuleReplacementPlugin(/mark\.js[\\/]dist[\\/]mark\.js$/, (resource: {request: string; contextInfo?: {issuer?: string}}) => {
            if (resource.contextInfo?.issuer !== markOnlyWhenMarked) resource.request = markOnlyWhenMarked;
          }),
        ],
      };
    },
  };
}

/**
 * Pages with a diagram are compiled again when `npm run diagrams` changes the SVGs, although
 * their text did not change (plugins/diagram-dependencies.cjs; the SVGs are inlined by
 * plugins/remark-diagrams.ts).
 */
function diagramsPlugin(): Plugin {
  return {
    name: 'zip-diagrams',
    configureWebpack() {
      return {
        module: {
          rules: [
            {
              test: /\.mdx?$/i,
              include: DIAGRAM_SOURCE_DIRS.map((dir) => sitePath(`./${dir}/`)),
              enforce: 'pre',
              use: [
                {
                  loader: sitePath('./plugins/diagram-dependencies.cjs'),
                  options: {directory: sitePath(`./${DIAGRAMS_DIR}`)},
                },
              ],
            },
          ],
        },
      };
    },
  };
}

/** llms.txt, llms-full.txt, a Markdown twin of every page and the published specs (plugins/machine-readable). */
const machineReadableOptions = {
  about: [
    'Zip is a payments provider for businesses in the Philippines: cards, GCash, Maya, QR Ph and online banking. This site has a help centre for merchants, guides and tutorials for developers, and the reference of four REST APIs (Payments, Checkout Sessions, Payment Links and Payment Requests), generated from their OpenAPI specs, with code samples in nine languages.',
  ],
  sections: [
    {title: 'Help', docsPluginId: 'default'},
    {title: 'Guides', docsPluginId: 'guides'},
    {title: 'API reference', docsPluginId: 'api'},
  ],
  specs: sourceSpecs,
  languageTabs,
  sitemapIgnorePatterns,
  specsStaticDirectory: '.generated/static',
} satisfies MachineReadableOptions;

/**
 * How hosts serve the build (plugins/delivery): the CDN's _headers and _redirects, from which nginx
 * is configured too. The Content-Security-Policy lets the explorer's Send reach exactly one API
 * origin, and Google's tag only when an analytics id is set.
 */
const deliveryOptions = {
  apiOrigin: new URL(env.apiProxy ?? facts.company.apiHost).origin,
  analytics: firstTrackingId !== undefined,
} satisfies DeliveryOptions;

/**
 * Test builds only: a route whose page throws on demand, so the end-to-end
 * tests can exercise the crash fallback. Production builds never include it.
 */
function crashTestPlugin(): Plugin {
  return {
    name: 'zip-crash-test',
    async contentLoaded({actions}) {
      actions.addRoute({
        path: '/tests/crash',
        component: '@site/src/test-pages/CrashTest.tsx',
        exact: true,
      });
    },
  };
}

const config = {
  title: 'Zip Docs',
  tagline: 'Accept payments in the Philippines with Zip: help for merchants, guides and API reference for developers.',
  favicon: 'img/favicon.svg',
  url: env.siteUrl,
  baseUrl: '/',
  // .generated/static holds the published OpenAPI specs (plugins/machine-readable).
  staticDirectories: ['static', '.generated/static'],
  organizationName: 'example',
  projectName: 'zip-docs',

  future: {v4: true},

  // The product's setting: these only warn. `npm test` scans the build log
  // and crawls the site so the real count stays at zero.
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'English', htmlLang: 'en'}},
  },

  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'warn'},
  },

  presets: [
    [
      'classic',
      {
        docs: {
          ...commonDocsOptions,
          path: 'docs',
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
        },
        blog: false,
        theme: {customCss: './src/css/custom.css'},
        sitemap: {ignorePatterns: sitemapIgnorePatterns},
        // No id set: no gtag plugin, so the tag is not loaded at all.
        gtag: firstTrackingId
          ? {trackingID: [firstTrackingId, ...otherTrackingIds], anonymizeIP: true}
          : undefined,
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    [
      'content-docs',
      {
        ...commonDocsOptions,
        id: 'guides',
        path: 'guides',
        routeBasePath: 'guides',
        sidebarPath: './sidebars.guides.ts',
      } satisfies DocsOptions,
    ],
    [
      'content-docs',
      {
        ...commonDocsOptions,
        id: 'api',
        path: 'api',
        routeBasePath: 'api',
        sidebarPath: './sidebars.api.ts',
        docItemComponent: '@theme/ApiItem',
      } satisfies DocsOptions,
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: openApiPluginId,
        docsPluginId: 'api',
        config: openApiConfig,
      },
    ],
    apiPerformancePlugin,
    codeHighlightingPlugin,
    diagramsPlugin,
    pageLoadPlugin,
    faultRecoveryPlugin,

    (context: LoadContext) => machineReadablePlugin(context, machineReadableOptions),
    (context: LoadContext) => deliveryPlugin(context, deliveryOptions),
    env.crashTest && crashTestPlugin,
  ],

  themes: [
    'docusaurus-theme-openapi-docs',
    '@docusaurus/theme-mermaid',
    // Site search, built into the site at build time and run in the reader's
    // browser: the index is a file of this site, nothing goes to a service.
    // Only the three docs instances are indexed (indexPages: false keeps the
    // 404, search and test-only pages out). src/theme/SearchBar and
    // SearchPage label each result with its section; endpoint pages and the
    // errors page add search keywords (scripts/generate-api.ts,
    // src/components/ErrorCatalogue).
    [
      '@easyops-cn/docusaurus-search-local',
      {
        hashed: true,
        language: ['en'],
        indexBlog: false,
        indexPages: false,
        docsDir: ['docs', 'guides', 'api'],
        docsRouteBasePath: ['/', 'guides', 'api'],
        docsPluginIdForPreferredVersion: 'default',
        // The matched words are marked in each result and on the page it opens.
        highlightSearchTermsOnTargetPage: true,
        // Each result shows where it lives: "API Reference › Charges › Refund a charge".
        explicitSearchResultPath: true,
        // Ctrl+K (⌘K on a Mac) focuses the search box from anywhere, as on
        // most documentation sites; the box shows the keys.
        searchBarShortcut: true,
        searchBarShortcutKeymap: 'mod+k',
        searchBarShortcutHint: true,
        // Results in the dropdown; "See all results" opens /search with every match.
        searchResultLimits: 8,
        // Endpoint pages are static HTML, tabs and all. Index what a reader
        // sees first (parameters, request body, the success response); the
        // hidden tabs repeat the error object and its 60 codes on every page,
        // which /api/errors already indexes once.
        ignoreCssSelectors: ['.theme-api-markdown [role="tabpanel"][hidden]'],
      },
    ],
  ],

  themeConfig: {
    metadata: [{name: 'theme-color', content: '#1d4ed8'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'payment-requests-sms-2026-11',
      content:
        'Payment requests can now be sent by SMS as well as e-mail. <a href="/help/no-code/payment-request">See how</a>.',
      backgroundColor: '#1e3a8a',
      textColor: '#ffffff',
      isCloseable: true,
    },
    docs: {
      sidebar: {hideable: false, autoCollapseCategories: true},
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    navbar: {
      title: 'Zip Docs',
      logo: {alt: 'Zip', src: 'img/logo.svg', href: '/'},
      hideOnScroll: true,
      items: [
        {type: 'doc', docId: 'index', label: 'Docs', position: 'left'},
        {to: '/guides/intro', label: 'Guides', position: 'left', activeBasePath: '/guides'},
        {to: '/api/intro', label: 'API Reference', position: 'left', activeBasePath: '/api'},
        {type: 'localeDropdown', position: 'right'},
        {type: 'docsVersionDropdown', position: 'right'},
        {type: 'search', position: 'right'},
        {
          href: `${dashboardUrl}/login`,
          label: 'Sign in',
          position: 'right',
          className: 'navbar-cta navbar-cta--secondary',
        },
        {
          href: `${dashboardUrl}/register`,
          label: 'Create account',
          position: 'right',
          className: 'navbar-cta navbar-cta--primary',
        },
      ],
    },
    footer: {
      style: 'light',
      logo: {alt: 'Zip', src: 'img/logo.svg', href: '/', width: 32, height: 32},
      links: [
        {
          title: 'Docs',
          items: [
            {label: 'Getting started', to: '/'},
            {label: 'Developer guides', to: '/guides/intro'},
            {label: 'API reference', to: '/api/intro'},
          ],
        },
        {
          title: 'Accept payments',
          items: [
            {label: 'Hosted checkout', to: '/help/checkout/intro'},
            {label: 'Payment requests', to: '/help/no-code/payment-request'},
            {label: 'Payment links', to: '/help/no-code/payment-links'},
          ],
        },
        {
          title: 'API',
          items: [
            {label: 'Charges', to: '/api/core/charges/charges-intro'},
            {label: 'Customers', to: '/api/core/customers/customers-intro'},
            {label: 'Sources', to: '/api/core/sources/sources-intro'},
            {label: 'Checkout sessions', to: '/api/checkout/intro'},
            {label: 'Payment requests API', to: '/api/requests/requests-intro'},
            {label: 'Payment links API', to: '/api/links/links-intro'},
          ],
        },
        {
          title: 'Legal',
          items: [
            {label: 'Privacy', href: 'https://example.com/privacy'},
            {label: 'Terms', href: 'https://example.com/terms'},
          ],
        },
      ],
      copyright: `Copyright © 2024 Zip. All rights reserved.`,
    },
    languageTabs,
    api: {
      // Credentials typed into the explorer last for the browser session only.
      authPersistence: 'sessionStorage',
      requestTimeout: 15_000,
      proxy: env.apiProxy,
    },
    prism: {
      theme: prismLight,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['bash', 'json', 'php', 'ruby', 'java', 'csharp', 'powershell', 'go'],
    },
  } satisfies Preset.ThemeConfig & OpenApiThemeConfig,
} satisfies Config;

export default config;
