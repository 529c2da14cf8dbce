export type Parse = (html: string, type: string, url: string, config: object) => unknown;

/** A page to parse: as the search plugin hands it to `scanDocuments`, with its key (parsedPages.ts) and whether to check it. */
export interface PageToParse {
  readonly filePath: string;
  readonly url: string;
  readonly type: string;
  readonly key: string;
  /** Parse it whole too, and fail when the two results differ. */
  readonly check: boolean;
}

/** `html` without the docs sidebar's items that hold no active link (parsePage.mjs says why). */
export declare function withoutUnreadSidebarItems(html: string): string;

/** The page's key and the plugin's parse of it without its unread sidebar items, checked against the whole page's when `page.check` is set. */
export declare function parsePage(page: PageToParse, parse: Parse, config: object): {key: string; parsed: unknown};
