/**
 * Modules the site's plugins write while content loads, which components
 * import through Docusaurus's `@generated` alias.
 */
declare module '@generated/zip-api-reference/default/operation-pages.json' {
  /** Each operation's page and title, by spec name (`payments`) and operationId (plugins/api-reference/operations.ts). */
  const operationPages: Readonly<Record<string, Readonly<Record<string, {readonly title: string; readonly permalink: string}>>>>;
  export default operationPages;
}
