/** The search plugin's worker module (0.55.x), which searchWorker.ts extends. */
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/worker.js' {
  export class SearchWorker {
    lowLevelFetchIndexes(baseUrl: string, searchContext: string): Promise<unknown>;
  }
}

/** The search plugin's generated constants, as its worker reads them. */
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/utils/proxiedGeneratedConstants' {
  /** The index file's URL, with `{dir}` where a search context's suffix goes. */
  export const searchIndexUrl: string;
}
