import type {Config, LoadContext} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {ThemeConfig as OpenApiThemeConfig} from 'docusaurus-theme-openapi-docs';
import {fileURLToPath} from 'node:url';
import {apiClient, apiFooterLinks, sourceSpecs} from '@zip/model/apiReference';
import {sampleSecretKey} from '@zip/model/testValues';
import {languageTabs} from '@zip/model/codeSampleLanguages';
import {prismLight} from './src/utils/prismLight';
import machineReadablePlugin, {type MachineReadableOptions} from './plugins/machine-readable';
import crashTestPlugin from './plugins/crash-test';
import apiClientCollectionPlugin, {type ApiClientCollectionOptions} from './plugins/api-client-collection';
import apiChangelogFeedPlugin, {type ApiChangelogFeedOptions} from './plugins/api-changelog-feed';
import apiReferencePlugin, {type ApiReferenceOptions} from './plugins/api-reference';
import {apiDocsPluginId, openApiPluginOptions} from './plugins/api-reference/openapi-options';
import remarkCodeRegions from './plugins/code-regions';
import diagramsPlugin, {remarkDiagrams} from './plugins/diagrams';
import navigationPlugin from './plugins/navigation';
import patchedPackagesPlugin from './plugins/patched-packages';
import criticalCssPlugin from './plugins/critical-css';
import deliveryPlugin, {type DeliveryOptions} from './plugins/delivery';
import searchPlugin from './plugins/search';
import {facts} from '@zip/model/facts';
import {integrationPages, integrationRules} from '@zip/model/integrationRules';
import upstreamCopiesPlugin from './plugins/upstream-copies';
import {isInsideGitWorktree, noGitHistoryNoticePlugin} from './plugins/last-updated';
import {testModePackagePlugin} from './plugins/test-mode-package';

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
   * local test mode (`npm run test-mode`): http://127.0.0.1:4011.
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
  // No paths in options: an absolute path here would be published in the client scripts (plugins/diagrams/remark.ts).
  // Code regions fill blocks with the reference integrations' code, and label fragments with the
  // complete program, linked in the repository (plugins/code-regions).
  beforeDefaultRemarkPlugins: [remarkDiagrams, [remarkCodeRegions, {sourceUrl: `${docsRepository}/blob/main/`}]],
} satisfies DocsOptions;

/** Pages left out of the sitemap, and so out of llms.txt and the Markdown twins. */
const sitemapIgnorePatterns = ['/tests/**'];

/**
 * A static directory the plugins write before the build copies it: the published specs (plugins/machine-readable), the
 * operations file (plugins/api-reference), the Postman collection (plugins/api-client-collection) and the changelog's feed (plugins/api-changelog-feed).
 */
const generatedStaticDirectory = '.generated/static';

/** llms.txt, llms-full.txt, a Markdown twin of every page and the published specs (plugins/machine-readable). */
const machineReadableOptions = {
  rules: integrationRules,
  skillPages: integrationPages,
  about: [
    'Zip is a payments provider for businesses in the Philippines: cards, GCash, Maya, QR Ph and online banking. This site has a help centre for merchants, guides and tutorials for developers, and the reference of four REST APIs (Payments, Checkout Sessions, Payment Links and Payment Requests), generated from their OpenAPI specs, with code samples in nine languages.',
  ],
  sections: [
    {title: 'Help', docsPluginId: 'default'},
    {title: 'Guides', docsPluginId: 'guides'},
    {title: 'API reference', docsPluginId: apiDocsPluginId},
  ],
  specs: sourceSpecs,
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

/** Every operation once, checked, with its page and code samples, at /openapi/operations.json (plugins/api-reference). */
const apiReferenceOptions = {
  docsPluginId: apiDocsPluginId,
  languageTabs,
  staticDirectory: generatedStaticDirectory,
} satisfies ApiReferenceOptions;

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
        id: apiDocsPluginId,
        path: 'api',
        routeBasePath: 'api',
        sidebarPath: './sidebars.api.ts',
        docItemComponent: '@theme/ApiItem',
      } satisfies DocsOptions,
    ],
    [
      // Adds the commands `gen-api-docs` (npm run gen:api runs it, plugins/api-reference/generate-pages.ts) and `clean-api-docs`;
      // the pages it generates belong to the `api` docs instance above.
      'docusaurus-plugin-openapi-docs',
      openApiPluginOptions,
    ],
    patchedPackagesPlugin,
    (context: LoadContext) => apiReferencePlugin(context, apiReferenceOptions),
    diagramsPlugin,
    navigationPlugin,
    upstreamCopiesPlugin,

    (context: LoadContext) => machineReadablePlugin(context, machineReadableOptions),
    (context: LoadContext) => apiClientCollectionPlugin(context, apiClientCollectionOptions),
    (context: LoadContext) => apiChangelogFeedPlugin(context, apiChangelogFeedOptions),
    // The test mode a reader runs with npx, published with the site (plugins/test-mode-package/README.md).
    testModePackagePlugin,
    (context: LoadContext) => deliveryPlugin(context, deliveryOptions),
    // Each page's critical CSS inlined, its style sheets fetched once it has hydrated (plugins/critical-css/README.md).
    criticalCssPlugin,
    // Site search (plugins/search/README.md): the sections of every docs page
    // in search-index.json, read by the navbar box (src/theme/SearchBar), the
    // /search page and the docs MCP server. One result per operation: the
    // complete Payments v2 reference repeats the product sections'
    // operations, so only its overview is indexed; test-only pages are not.
    (context: LoadContext) =>
      searchPlugin(context, {leftOut: [/^\/api\/payments\/(?!zip-payments-api$)/, /^\/(?:404|search|tests)(?:\/|$)/]}),
    env.crashTest && crashTestPlugin,
    !inGitWorktree && noGitHistoryNoticePlugin,
  ],

  themes: ['docusaurus-theme-openapi-docs', '@docusaurus/theme-mermaid'],

  themeConfig: {
    metadata: [{name: 'theme-color', content: '#1d4ed8'}],
    // Light only, with the reader's switch disabled (the site is designed in one light
    // theme): it ships no dark code theme or dark colours until the switch is enabled.
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
