/**
 * A public document that a Philippine rule on the help pages comes from. `checkedOn` is the day Zip's
 * docs team last read it against what the pages say (YYYY-MM-DD); `published` is the document's own date.
 */
export interface PublicSource {
  readonly title: string;
  readonly publisher: string;
  readonly url: string;
  readonly published: string;
  readonly checkedOn: string;
}

/**
 * The public documents behind the Philippine rules (tax, payout rails, disputed funds). Each rule group
 * in `facts.philippineRules` names the ones it comes from in `sources`; a unit test checks every name.
 */
export const publicSources = {
  'rr-16-2023': {
    title: 'Revenue Regulations No. 16-2023 (text of Sections 2.57.2 and 2.57.3 as amended)',
    publisher: 'Bureau of Internal Revenue, copy on Scribd',
    url: 'https://www.scribd.com/document/726826736/RR-16-2023',
    published: '2023-12-21',
    checkedOn: '2026-11-26',
  },
  'rr-16-2023-kpmg': {
    title: 'Special InTAX, January 2024: RR No. 16-2023',
    publisher: 'KPMG in the Philippines (R.G. Manabat & Co.)',
    url: 'https://kpmg.com/ph/en/home/insights/2024/01/special-intax-january-2024-issue1-volume1.html',
    published: '2024-01',
    checkedOn: '2026-11-26',
  },
  'rmc-8-2024-pwc': {
    title: 'Tax Alert No. 5 (2024): RMC No. 8-2024 on RR No. 16-2023',
    publisher: 'PwC Philippines',
    url: 'https://www.pwc.com/ph/en/tax/tax-publications/tax-alerts/2024/tax-alert-05.html',
    published: '2024-01-26',
    checkedOn: '2026-11-26',
  },
  'rmc-8-2024-gpp': {
    title: 'Revenue Memorandum Circular No. 8-2024',
    publisher: 'GPP CPAs',
    url: 'https://gppcpas.com.ph/2024/01/revenue-memorandum-circular-no-8-2024/',
    published: '2024-01',
    checkedOn: '2026-11-26',
  },
  'rmc-8-2024-baker': {
    title: 'BIR clarifies the withholding tax imposed on remittances by e-marketplace operators and DFSPs',
    publisher: 'Baker McKenzie, on Global Compliance News',
    url: 'https://www.globalcompliancenews.com/2024/02/17/https-insightplus-bakermckenzie-com-bm-consumer-goods-retail_1-philippines-bureau-of-internal-revenue-bir-clarifies-the-withholding-tax-imposed-on-the-remittances-by-e-marketplace-operators-digital/',
    published: '2024-02-17',
    checkedOn: '2026-11-26',
  },
  'bir-form-2307': {
    title: 'BIR Form No. 2307: Certificate of Creditable Tax Withheld at Source',
    publisher: 'Full Suite',
    url: 'https://www.full-suite.com/blog/bir-form-2307/',
    published: 'undated',
    checkedOn: '2026-11-26',
  },
  'instapay-bsp-launch': {
    title: 'BSP launches InstaPay electronic fund transfer system',
    publisher: 'GMA News, quoting the Bangko Sentral ng Pilipinas',
    url: 'https://gmanetwork.com/news/money/economy/650960/bsp-launches-instapay-electronic-fund-transfer-system/story',
    published: '2018-04-23',
    checkedOn: '2026-11-26',
  },
  'instapay-pesonet-nextpay': {
    title: 'InstaPay vs PESONet: Which Is Right for Your PH Business?',
    publisher: 'NextPay, citing PPMI and the BSP',
    url: 'https://nextpay.ph/blog/instapay-vs-pesonet-which-is-right-for-your-ph-business',
    published: '2026-05-21',
    checkedOn: '2026-11-26',
  },
  'pesonet-3mbs': {
    title: 'Advisory on additional PESONet cut-off time (PPMI Advisory 2024-0715-013)',
    publisher: 'Philippine Bulletin, quoting the Philippine Payments Management, Inc.',
    url: 'https://philippinebulletin.com/advisory-on-additional-pesonet-cut-off-time',
    published: '2024-08',
    checkedOn: '2026-11-26',
  },
  'afasa-syp': {
    title: 'The Anti-Financial Account Scamming Act',
    publisher: 'SyCip Salazar Hernandez & Gatmaitan',
    url: 'https://syp-law.com/2025/06/02/the-anti-financial-account-scamming-act/',
    published: '2025-06-02',
    checkedOn: '2026-11-26',
  },
  'afasa-divina': {
    title: 'Deep dive into AFASA, part 2',
    publisher: 'DivinaLaw, first published in The Daily Tribune',
    url: 'https://www.divinalaw.com/dose-of-law/deep-dive-into-afasa-part-2',
    published: '2025-04-11',
    checkedOn: '2026-11-26',
  },
  'bsp-circular-1215-summary': {
    title: 'BSP Circular No. 1215 (2025): temporary holding of disputed funds',
    publisher: 'attyferdi.com regulation summary',
    url: 'https://www.attyferdi.com/regulations/bsp-circular-1215-temporary-holding-disputed-funds',
    published: '2025',
    checkedOn: '2026-11-26',
  },
  'bsp-circular-1215-inquirer': {
    title: 'BSP enables banks to freeze funds',
    publisher: 'Philippine Daily Inquirer, via Jiji Press',
    url: 'https://jen.jiji.com/jc/eng_agt?g=inq&k=20250604INQR-business-inquirer-net-528900',
    published: '2025-06-04',
    checkedOn: '2026-11-26',
  },
} as const satisfies Record<string, PublicSource>;

export type PublicSourceName = keyof typeof publicSources;
