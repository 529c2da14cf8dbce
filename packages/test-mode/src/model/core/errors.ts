/**
 * The shapes every room of the model shares: a JSON object, one API request and its answer, and the
 * API error a handler throws, which `handle` turns into the specs' error body.
 */
import {newId} from './ids';

export type Json = Record<string, unknown>;

/** An API answer; `lost` means the work was done but the caller never sees the answer (a timeout). */
export interface Answer {
  status: number;
  body: Json;
  lost?: boolean;
}

export interface ApiRequest {
  method: string;
  path: string;
  query?: URLSearchParams;
  body?: Json;
  idempotencyKey?: string;
  /** The API key, which scopes idempotency keys as an account would. */
  apiKey: string;
}

/** An error the API answers with the specs' `Error` body; a handler throws it for anything a client did. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

export const invalid = (code: string, message: string, param: string | null = null) =>
  new ApiError(422, 'invalid_request_error', code, message, param);

export const conflict = (code: string, message: string, param: string | null = null, extra: Json = {}) =>
  new ApiError(409, 'state_error', code, message, param, extra);

export const notFound = (message: string, param: string | null = 'id') =>
  new ApiError(404, 'not_found_error', 'resource_missing', message, param);

export function errorAnswer(error: ApiError): Answer {
  return {
    status: error.status,
    body: {
      error: {type: error.type, code: error.code, message: error.message, param: error.param, request_id: newId('req_'), ...error.extra},
    },
  };
}
