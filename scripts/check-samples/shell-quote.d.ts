/** shell-quote ships no types; this is the part the sample check uses. */
declare module 'shell-quote' {
  export type ParseEntry = string | {op: string} | {op: 'glob'; pattern: string} | {comment: string};
  export function parse(command: string, env?: (name: string) => string | undefined): ParseEntry[];
}
