import type {Config, LoadContext} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type * as OpenApiPlugin from 'docusaurus-plugin-openapi-docs';
import type {ThemeConfig as OpenApiThemeConfig} from 'docusaurus-theme-openapi-docs';
import {fileURLToPath} from 'node:url';
import {basename} from 'node:path';
import {apiClient, apiFooterLinks, apiProducts, openApiPluginId, sourceSpecs} from './src/data/apiReference';
import {sampleSecretKey} from './src/data/testMode';
import {languageTabs} from './src/data/codeSampleLanguages';
import {prismLight} from './src/utils/prismLight';
import machineReadablePlugin, {publishedSpecsPath, type MachineReadableOptions} from './plugins/machine-readable';
import crashTestPlugin from './plugins/crash-test';
import apiClientCollectionPlugin, {type ApiClientCollectionOptions} from './plugins/api-client-collection';
import apiChangelogFeedPlugin, {type ApiChangelogFeedOptions} from './plugins/api-changelog-feed';
import apiReferencePlugin from './plugins/api-reference';
import diagramsPlugin, {remarkDiagrams} from './plugins/diagrams';
import navigationPlugin from './plugins/navigation';
import patchedPackagesPlugin from './plugins/patched-packages';
import deliveryPlugin, {type DeliveryOptions} from './plugins/delivery';
import {facts} from './src/data/facts';
import {integrationRules} from './src/data/integrationRules';
import themeOverridesPlugin from './plugins/theme-overrides';
import {isInsideGitWorktree, noGitHistoryNoticePlugin} from './plugins/last-updated';
import {markdownGenerators, pageTemplate} from './scripts/api-reference/markdown-generators';

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
  /** Test builds only: adds a page that crashes on demand (plugins/crash-test). */
  crashTest: process.env.ZIP_CRASH_TEST === 'true',
  /**
   * Where the API explorer's Send goes instead of the real host, e.g. the
   * local sandbox (`npm run sandbox`): http://127.0.0.1:4010.
   */
  apiProxy: process.env.ZIP_API_PROXY || undefined,
  /**
   * `true` in checked builds (`npm run build:checked`, `npm run build:test`):
   * Docusaurus fails the build on a broken link, anchor or Markdown link, or a
   * duplicate route, instead of warning.
   */
  strictBuild: process.env.ZIP_STRICT_BUILD === 'true',
};

/** What Docusaurus does on a broken link and the like: warn (the product's setting), or fail a checked build. */
const onBrokenContent = env.strictBuild ? 'throw' : 'warn';

const docsRepository = 'https://github.com/example/zip-docs';
const editUrl = `${docsRepository}/edit/main/`;
const dashboardUrl = 'https://dashboard.example.com';

const [firstTrackingId, ...otherTrackingIds] = [env.analyticsId, env.metricsId].filter((id): id is string => Boolean(id));

const sitePath = (relativePath: string): string => fileURLToPath(new URL(relativePath, import.meta.url));

// A source archive ("Download ZIP") has no git history to date pages from:
// it builds without the dates rather than failing, and says so.
const inGitWorktree = isInsideGitWorktree(sitePath('.'));

/**
 * Options every docs instance shares. Diagrams are drawn at build time: each ```mermaid block
 * whose SVG `npm run diagrams` rendered into diagrams/ becomes that SVG, inline
 * (plugins/diagrams). It runs before Docusaurus's own mermaid plugin, which turns the
 * blocks left (no SVG yet) into the theme's Mermaid component, drawn in the browser.
 */
const commonDocsOptions = {
  editUrl,
  // "Last updated on …" from each page's last commit (git's history, read once
  // per build). Generated endpoint pages are not in git and show no date;
  // their spec is the thing that changes. CI checks out the whole history.
  showLastUpdateTime: inGitWorktree,
  versions: {current: {label: 'Next'}},
  // No options: an absolute path here would be published in the client scripts (plugins/diagrams/remark.ts).
  beforeDefaultRemarkPlugins: [remarkDiagrams],
} satisfies DocsOptions;

/**
 * One entry per API product (src/data/apiReference.ts). The generators and
 * template (scripts/api-reference/markdown-generators.ts) give generated pages
 * their edit link to the spec they come from, their search keywords and their
 * authentication link. A generated information page offers its published spec
 * for download (the machine-readable plugin serves the specs at /openapi/).
 * `externalJsonProps` moves each section's data (parameters, body, responses)
 * into a JSON file beside its page, so MDX does not parse it as a JSX
 * expression; set here because `gen-api-docs --plugin-id` reads this object
 * as written, without the plugin's defaults.
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
      template: pageTemplate,
      markdownGenerators: markdownGenerators(product),
      externalJsonProps: true,
    } satisfies OpenApiPlugin.Options,
  ]),
);

/** Pages left out of the sitemap, and so out of llms.txt and the Markdown twins. */
const sitemapIgnorePatterns = ['/tests/**'];

/**
 * A static directory the plugins write before the build copies it: the published specs (plugins/machine-readable), the
 * Postman collection (plugins/api-client-collection) and the changelog's feed (plugins/api-changelog-feed).
 */
const generatedStaticDirectory = '.generated/static';

/** llms.txt, llms-full.txt, a Markdown twin of every page and the published specs (plugins/machine-readable). */
const machineReadableOptions = {
  rules: integrationRules,
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
  specsStaticDirectory: generatedStaticDirectory,
} satisfies MachineReadableOptions;

/** A Postman collection of every operation and its environment, published beside the specs (plugins/api-client-collection). */
const apiClientCollectionOptions = {
  ...apiClient,
  baseUrl: facts.company.apiHost,
  testKey: sampleSecretKey,
  specs: sourceSpecs,
  staticDirectory: generatedStaticDirectory,
} satisfies ApiClientCollectionOptions;

/** The API changelog's Atom feed, at /api/changelog/atom.xml (plugins/api-changelog-feed). */
const apiChangelogFeedOptions = {
  pagePath: '/api/changelog',
  staticDirectory: generatedStaticDirectory,
} satisfies ApiChangelogFeedOptions;

/**
 * How hosts serve the build (plugins/delivery): the CDN's _headers and _redirects, from which nginx
 * is configured too. The Content-Security-Policy lets the explorer's Send reach exactly one API
 * origin, and Google's tag only when an analytics id is set.
 */
const deliveryOptions = {
  apiOrigin: new URL(env.apiProxy ?? facts.company.apiHost).origin,
  analytics: firstTrackingId !== undefined,
} satisfies DeliveryOptions;

const config = {
  title: 'Zip Docs',
  tagline: 'Accept payments in the Philippines with Zip: help for merchants, guides and API reference for developers.',
  favicon: 'img/favicon.svg',
  url: env.siteUrl,
  baseUrl: '/',
  staticDirectories: ['static', generatedStaticDirectory],
  organizationName: 'example',
  projectName: 'zip-docs',

  future: {v4: true},

  // One address per page, the one every canonical link, the sitemap and internal link name: /x, written as
  // x.html, which Cloudflare Pages and nginx both serve at /x (plugins/delivery/README.md).
  trailingSlash: false,

  // The product's setting is to warn; checked builds (ZIP_STRICT_BUILD) fail,
  // and `npm test` builds that way and crawls the site, so the count stays at zero.
  onBrokenLinks: onBrokenContent,
  onBrokenAnchors: onBrokenContent,
  onDuplicateRoutes: onBrokenContent,

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'English', htmlLang: 'en'}},
  },

  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: onBrokenContent, onBrokenMarkdownImages: onBrokenContent},
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
        gtag: firstTrackingId ? {trackingID: [firstTrackingId, ...otherTrackingIds], anonymizeIP: true} : undefined,
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
      // Adds the commands `gen-api-docs` (scripts/api-reference/generate.ts runs it) and `clean-api-docs`;
      // the pages it generates belong to the `api` docs instance above.
      'docusaurus-plugin-openapi-docs',
      {
        id: openApiPluginId,
        docsPluginId: 'api',
        config: openApiConfig,
      },
    ],
    patchedPackagesPlugin,
    apiReferencePlugin,
    diagramsPlugin,
    navigationPlugin,
    themeOverridesPlugin,

    (context: LoadContext) => machineReadablePlugin(context, machineReadableOptions),
    (context: LoadContext) => apiClientCollectionPlugin(context, apiClientCollectionOptions),
    (context: LoadContext) => apiChangelogFeedPlugin(context, apiChangelogFeedOptions),
    (context: LoadContext) => deliveryPlugin(context, deliveryOptions),
    env.crashTest && crashTestPlugin,
    !inGitWorktree && noGitHistoryNoticePlugin,
  ],

  themes: [
    'docusaurus-theme-openapi-docs',
    '@docusaurus/theme-mermaid',
    // Site search, built into the site at build time and run in the reader's
    // browser: the index is a file of this site, nothing goes to a service.
    // The file holds the documents; the browser builds the lunr index from
    // them, indexing every spelling of the words in plugins/search/spellings.ts
    // (the plugin as patches/ changes it: plugins/search/README.md).
    // Only the three docs instances are indexed (indexPages: false keeps the
    // 404, search and test-only pages out). src/theme/SearchBar and
    // SearchPage label each result with its section; endpoint pages and the
    // errors page add search keywords (scripts/api-reference/markdown-generators.ts,
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
        // which /api/errors already indexes once. The page's own furniture
        // (its footer's edit link and date, "Was this page helpful?") is the
        // same on every page and would match every search for its words.
        // One selector list: the plugin walks every page once per entry.
        ignoreCssSelectors: [
          [
            '.theme-api-markdown [role="tabpanel"][hidden]',
            '.theme-doc-footer',
            '[data-page-feedback]',
            // An endpoint page is found by its name, its method and path, its
            // description and its field names; the fields' descriptions,
            // allowed values and examples were four fifths of the index.
            '.theme-api-markdown [data-spec-description]',
            '.theme-api-markdown .openapi-example',
            // A field's type and "required", which the page's text glues to
            // its name ("amountintegerrequired"): the index held one made-up
            // word per field and type, a field matched only as the start of
            // one, and results showed the glued words.
            '.theme-api-markdown .openapi-schema__name',
            '.theme-api-markdown .openapi-schema__type',
            '.theme-api-markdown .openapi-schema__required',
            '.theme-api-markdown .openapi-schema__nullable',
            // Code samples, as DocSearch leaves them out too: three languages
            // of the same request were a third of a guide's words, and what a
            // reader searches them for (paths, fields, codes) the API pages
            // index once.
            '.theme-code-block',
          ].join(', '),
        ],
        // One result per operation: the product sections (Charges,
        // Customers, Sources, Events) are searched; the complete Payments
        // v2 reference documents the same operations again, and each
        // product page links to its place there. Its overview stays.
        ignoreFiles: [/^api\/payments\/(?!zip-payments-api$)/],
        // "email" and "e-mail", "ewallet" and "e-wallet" find the same pages. An alias, not an
        // absolute path: the options are part of the site config the client bundle carries.
        lunrPluginPath: '@site/plugins/search/spellings.ts',
      },
    ],
  ],

  themeConfig: {
    metadata: [{name: 'theme-color', content: '#1d4ed8'}],
    // Light only, with the reader's switch disabled (SITE-SPEC): the site
    // ships no dark code theme or dark colours until the switch is enabled.
    colorMode: {
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: 'payment-requests-sms-2026-11',
      content: 'Payment requests can now be sent by SMS as well as e-mail. <a href="/help/no-code/payment-request">See how</a>.',
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
          items: [...apiFooterLinks],
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
      additionalLanguages: ['bash', 'json', 'php', 'ruby', 'java', 'csharp', 'powershell', 'go'],
    },
  } satisfies Preset.ThemeConfig & OpenApiThemeConfig,
} satisfies Config;

export default config;
