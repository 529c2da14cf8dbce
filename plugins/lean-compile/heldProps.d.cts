export declare const pluginName: string;
/** What scripts/generate-api.ts writes before a generated page's props literal. */
export declare const declarationStart: string;
/** What it writes after the literal, at the end of the line. */
export declare const declarationEnd: string;
export declare function holdProps(page: string, resource: string): string;
export declare function restoreProps(code: string, page: string, resource: string): string;
