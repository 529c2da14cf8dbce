// Types for the parts of docusaurus-theme-openapi-docs that our wrappers use;
// the theme ships no module declarations for its @theme/ paths.
declare module '@theme/ApiItem/hooks' {
  interface AuthScheme {
    readonly key: string;
    readonly type: string;
    readonly scheme?: string;
  }
  interface AuthState {
    readonly data: Record<string, Record<string, string | undefined> | undefined>;
    readonly options: Record<string, readonly AuthScheme[]>;
  }
  interface ResponseState {
    /** The response body, "Fetching..." while a request is under way, or an error message. */
    readonly value?: string;
    /** The HTTP status; absent when the request got no answer. */
    readonly code?: string;
  }
  interface RootState {
    readonly auth: AuthState;
    readonly response: ResponseState;
  }
  export function useTypedSelector<T>(selector: (state: RootState) => T): T;
  export function useTypedDispatch(): (action: unknown) => void;
}

declare module '@theme/ApiExplorer/Authorization/slice' {
  export function setAuthData(payload: {scheme: string; key: string; value: string | undefined}): unknown;
}
