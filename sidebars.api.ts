import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
// The generated sidebar of each API product, written by `npm run gen:api` (plugins/api-reference/generate.ts).
import {generatedSidebars} from './.generated/api-sidebars';
import {apiProducts, type ApiProduct} from '@zip/model/apiReference';

type GeneratedSidebar = (typeof generatedSidebars)[keyof typeof generatedSidebars];
type SidebarItemConfig = Extract<SidebarsConfig[string], unknown[]>[number];

/** Lifecycle order: create, retrieve, list, update, then the actions in spec order. */
const verbRank: Readonly<Record<string, number>> = {create: 0, retrieve: 1, list: 2, update: 3};

function rankOf(item: SidebarItemConfig): number {
  if (typeof item !== 'object' || !('id' in item) || typeof item.id !== 'string') return 4;
  const verb = item.id.split('/').at(-1)?.split('-')[0] ?? '';
  return verbRank[verb] ?? 4;
}

function inLifecycleOrder(items: readonly SidebarItemConfig[]): SidebarItemConfig[] {
  return items
    .map((item, index) => ({item, index}))
    .sort((a, b) => rankOf(a.item) - rankOf(b.item) || a.index - b.index)
    .map(({item}) => item);
}

/** The generated slice as a flat list of endpoint pages (one tag per product). */
function endpointItems(sidebar: GeneratedSidebar): SidebarItemConfig[] {
  const items = (Array.isArray(sidebar) ? sidebar : []) as SidebarItemConfig[];
  return inLifecycleOrder(
    items.flatMap((item) =>
      typeof item === 'object' && item.type === 'category' && Array.isArray(item.items) ? (item.items as SidebarItemConfig[]) : [item],
    ),
  );
}

/** Webhook pages: the generator marks each with the class `event`. */
function isEventPage(item: SidebarItemConfig): boolean {
  return (
    typeof item === 'object' && 'className' in item && typeof item.className === 'string' && item.className.split(' ').includes('event')
  );
}

/** A product's endpoints, then its webhook events in a category of their own. */
function withEventsLast(items: readonly SidebarItemConfig[]): SidebarItemConfig[] {
  const events = items.filter(isEventPage);
  const operations = items.filter((item) => !isEventPage(item));
  return events.length === 0 ? operations : [...operations, {type: 'category', label: 'Webhook events', items: events}];
}

function productCategory(product: ApiProduct): SidebarItemConfig {
  const generated: GeneratedSidebar | undefined = (generatedSidebars as Record<string, GeneratedSidebar>)[product.id];
  if (!generated) {
    throw new Error(`sidebars.api.ts: no generated sidebar for API product "${product.id}"; run \`npm run gen:api\`.`);
  }
  if (product.groupByTag) {
    const items = (Array.isArray(generated) ? generated : []) as SidebarItemConfig[];
    return {
      type: 'category',
      label: product.label,
      items: items.map((item) =>
        typeof item === 'object' && item.type === 'category' && Array.isArray(item.items)
          ? {...item, items: withEventsLast(inLifecycleOrder(item.items as SidebarItemConfig[]))}
          : item,
      ),
    };
  }
  return {
    type: 'category',
    label: product.label,
    items: [...(product.introDocId ? [product.introDocId] : []), ...withEventsLast(endpointItems(generated))],
  };
}

/** The API reference: overview pages, then one category per product. */
const sidebars = {
  api: ['intro', 'authentication', 'errors', 'webhooks', 'changelog', ...apiProducts.map(productCategory)],
} satisfies SidebarsConfig;

export default sidebars;
