/** The part of mark.js (8.x) the local-search plugin and markOnlyWhenMarked.ts use. */
declare module 'mark.js/dist/mark.js' {
  interface MarkOptions {
    readonly element?: string;
    readonly className?: string;
    readonly exclude?: readonly string[];
    readonly done?: () => void;
  }
  export default class Mark {
    constructor(context: Element | NodeList | readonly Element[] | string);
    mark(keywords: string | readonly string[], options?: MarkOptions): this;
    unmark(options?: MarkOptions): this;
  }
}
