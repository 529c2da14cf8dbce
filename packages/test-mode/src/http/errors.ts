/**
 * The answers the HTTP layer gives itself, in the specs' error shape (`components.schemas.Error`):
 * every answer carries a fresh `Request-Id`, and an error's `request_id` is that same id, so a
 * developer can quote either.
 */

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A request id as the specs' pattern has it: `req_` and 24 letters or digits. */
export function newRequestId(): string {
  return 'req_' + [...crypto.getRandomValues(new Uint8Array(24))].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export interface ErrorFields {
  readonly type: string;
  readonly code: string;
  readonly message: string;
  readonly param?: string | null;
}

/** A request the HTTP layer refuses, with the status and headers to answer it with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly fields: ErrorFields,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(fields.message);
  }
}

export const invalidRequest = (status: number, code: string, message: string, param: string | null = null) =>
  new HttpError(status, {type: 'invalid_request_error', code, message, param});

export function errorBody(requestId: string, fields: ErrorFields): {error: Record<string, unknown>} {
  return {error: {type: fields.type, code: fields.code, message: fields.message, param: fields.param ?? null, request_id: requestId}};
}
