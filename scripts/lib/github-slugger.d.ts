/** github-slugger 1.x (the version Docusaurus uses) ships no types. */
declare module 'github-slugger' {
  export default class GithubSlugger {
    /** The slug of `value`, made unique on this instance by a -1, -2… suffix. */
    slug(value: string, maintainCase?: boolean): string;
    reset(): void;
  }
}
