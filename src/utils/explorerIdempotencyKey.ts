/**
 * The explorer's `Idempotency-Key`: a fresh key for each request, never the spec's example, which
 * every reader would share (a second test charge with another body under the same key is
 * `409 idempotency_key_reused`, /api/errors). The key is renewed once an answer Zip stores for the
 * key has come back (a 2xx, or a 4xx other than 409 and 429); after a lost answer, a 409, a 429 or a
 * 5xx the field keeps it, so sending again is the safe retry the guides teach.
 */
import type {Middleware} from 'redux';
import {setParam} from '@theme/ApiExplorer/ParamOptions/slice';
import {setCode} from '@theme/ApiExplorer/Response/slice';
import type {OperationParameter} from '@theme/ApiItem/store';

export const isIdempotencyKey = (parameter: Pick<OperationParameter, 'in' | 'name'>): boolean =>
  parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key';

export const freshIdempotencyKey = (): string => crypto.randomUUID();

/** Whether Zip keeps this answer for its key, so the next request needs a key of its own. */
export const answerIsStored = (status: number): boolean =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 409 && status !== 429);

interface HeaderParams {
  readonly params?: {readonly header?: readonly OperationParameter[]};
}

export const renewIdempotencyKey: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (setCode.match(action) && typeof action.payload === 'number' && answerIsStored(action.payload)) {
    const parameter = (store.getState() as HeaderParams).params?.header?.find(isIdempotencyKey);
    if (parameter) store.dispatch(setParam({...parameter, value: freshIdempotencyKey()}));
  }
  return result;
};
