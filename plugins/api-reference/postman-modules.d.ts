/**
 * The few parts of the Postman libraries code-samples.ts uses. Neither package
 * points TypeScript at declarations (postman-collection keeps an ambient file
 * in types/ that no "types" field names; postman-code-generators has none).
 */
declare module 'postman-collection' {
  export class Request {
    constructor(definition: object);
    toJSON(): object;
  }
}

declare module 'postman-code-generators' {
  import type {Request} from 'postman-collection';

  export interface CodegenLanguage {
    readonly key: string;
    readonly label: string;
    readonly syntax_mode: string;
    readonly variants: readonly {readonly key: string}[];
  }

  const codegen: {
    getLanguageList(): CodegenLanguage[];
    convert(
      language: string,
      variant: string,
      request: Request,
      options: Readonly<Record<string, unknown>>,
      callback: (error: unknown, snippet?: string) => void,
    ): void;
  };
  export default codegen;
}
