/**
 * The part of newman's Node API scripts/run-samples/collection.ts uses: newman
 * ships no type declarations.
 */
declare module 'newman' {
  export interface NewmanAssertion {
    readonly assertion: string;
    readonly error?: {readonly message: string};
  }

  export interface NewmanExecution {
    readonly item: {readonly name: string};
    readonly request?: {readonly method: string; readonly url: {toString(): string}};
    readonly response?: {readonly code: number; text(): string};
    readonly requestError?: {readonly message: string};
    readonly assertions?: readonly NewmanAssertion[];
  }

  export interface NewmanRunSummary {
    readonly run: {
      readonly stats: {
        readonly requests: {readonly total: number; readonly failed: number};
        readonly assertions: {readonly total: number; readonly failed: number};
      };
      readonly executions: readonly NewmanExecution[];
      readonly failures: readonly {readonly error: {readonly message: string}; readonly source?: {readonly name?: string}}[];
    };
  }

  export interface NewmanRunOptions {
    readonly collection: object;
    readonly environment?: object;
    readonly reporters?: string | readonly string[];
    readonly timeoutRequest?: number;
    readonly envVar?: readonly {readonly key: string; readonly value: string}[];
  }

  export function run(options: NewmanRunOptions, callback: (error: Error | null, summary: NewmanRunSummary) => void): unknown;
}
