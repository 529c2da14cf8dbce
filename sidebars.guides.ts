import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * Developer guides and tutorials, in reading order: the introduction, the
 * task guides, the developer guide, then the tutorials. Every item is listed
 * explicitly; a new page must be added here to appear in the sidebar.
 */
const sidebars = {
  guides: [
    'intro',
    'getting-started',
    'checkout',
    'payment-methods',
    'onboarding',
    {
      type: 'category',
      label: 'Migrating to Zip',
      items: [
        'migrate-from-paymongo',
        'cut-over-runbook',
        {type: 'link', label: 'Migrating from Magpie', href: '/help/migrating/from-magpie'},
      ],
    },
    {
      type: 'category',
      label: 'Developer guide',
      link: {type: 'doc', id: 'developer-guide/developer-intro'},
      items: [
        'developer-guide/getting-started',
        'developer-guide/api-keys',
        'developer-guide/taking-payments',
        'developer-guide/webhooks',
        'developer-guide/testing',
        'developer-guide/test-against-faults',
        'developer-guide/docs-mcp-server',
      ],
    },
    {
      type: 'category',
      label: 'Tutorials',
      link: {type: 'doc', id: 'tutorials/tutorials-intro'},
      items: [
        'tutorials/create-customer',
        'tutorials/save-payment-information',
        'tutorials/refund-payment',
        'tutorials/payment-decline',
        'tutorials/generate-payment-links',
        'tutorials/add-product',
        'tutorials/send-payment-request',
        'tutorials/custom-branding',
        'tutorials/invite-team',
        'tutorials/update-payout',
      ],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
