import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/** The "Getting Started" sidebar: the home page, then the help centre in reading order. */
const sidebars = {
  base: [
    'index',
    {
      type: 'category',
      label: 'Getting started',
      items: [
        'help/getting-started/activate-your-account',
        'help/getting-started/fees',
        'help/getting-started/getting-paid',
        'help/getting-started/taxes',
        'help/getting-started/supported-countries',
        'help/getting-started/restricted-businesses',
        'help/getting-started/migrate-to-zip',
      ],
    },
    {
      type: 'category',
      label: 'Payments',
      link: {type: 'doc', id: 'help/payments/intro'},
      items: ['help/payments/payment-methods', 'help/payments/currencies', 'help/payments/refunds-chargebacks'],
    },
    {
      type: 'category',
      label: 'Checkout',
      items: ['help/checkout/intro'],
    },
    {
      type: 'category',
      label: 'No-code tools',
      link: {type: 'doc', id: 'help/no-code/intro'},
      items: ['help/no-code/payment-links', 'help/no-code/payment-request'],
    },
    {
      type: 'category',
      label: 'Dashboard',
      link: {type: 'doc', id: 'help/dashboard/dashboard-intro'},
      items: ['help/dashboard/web-dashboard', 'help/dashboard/payterminal'],
    },
    {
      type: 'category',
      label: 'Security',
      items: ['help/security'],
    },
    {
      type: 'category',
      label: 'Migrating',
      items: ['help/migrating/from-magpie'],
    },
  ],
} satisfies SidebarsConfig;

export default sidebars;
