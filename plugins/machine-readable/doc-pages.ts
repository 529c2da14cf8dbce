import type {LoadedContent as DocsLoadedContent, DocMetadata} from '@docusaurus/plugin-content-docs';

export interface DocPage {
  readonly docsPluginId: string;
  readonly metadata: DocMetadata;
  /** Position in the sidebars, for llms.txt's order. */
  readonly sidebarPosition: number;
}

/** Doc ids in the order the sidebars show them: categories' own pages first, then their items. */
function sidebarDocIds(items: readonly unknown[], found: string[] = []): string[] {
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const entry = item as {type?: string; id?: string; items?: unknown[]; link?: {type?: string; id?: string}};
    if ((entry.type === 'doc' || entry.type === 'ref') && entry.id) found.push(entry.id);
    if (entry.type === 'category') {
      if (entry.link?.type === 'doc' && entry.link.id) found.push(entry.link.id);
      sidebarDocIds(entry.items ?? [], found);
    }
  }
  return found;
}

/** Every doc of every docs instance, by permalink, with its place in the sidebars. */
export function collectDocPages(allDocs: Readonly<Record<string, unknown>>): Map<string, DocPage> {
  const pages = new Map<string, DocPage>();
  for (const [docsPluginId, content] of Object.entries(allDocs)) {
    for (const version of (content as DocsLoadedContent).loadedVersions) {
      const order = Object.values(version.sidebars).flatMap((sidebar) => sidebarDocIds(sidebar));
      for (const metadata of version.docs) {
        const position = order.indexOf(metadata.id);
        pages.set(metadata.permalink, {
          docsPluginId,
          metadata,
          sidebarPosition: position === -1 ? Number.MAX_SAFE_INTEGER : position,
        });
      }
    }
  }
  return pages;
}
