/**
 * Faults a test plans for the next requests to one operation, named by its exact operationId:
 * `lose-response` does the work and closes the connection before the answer; `fail-500` and
 * `fail-429` fail before the work (`429` with `Retry-After`); `slow` does the work and answers
 * after `delay_ms`, long enough to be a client's timeout; `in-progress` answers
 * `409 idempotency_request_in_progress` as if a first request with the key were still running.
 */
import {invalidRequest} from './errors';
import {operationIds} from './specChecks';

export const faultKinds = ['lose-response', 'fail-500', 'fail-429', 'slow', 'in-progress'] as const;
export type FaultKind = (typeof faultKinds)[number];

export interface Fault {
  readonly operation: string;
  readonly kind: FaultKind;
  /** How many of the next matching requests meet it; one is taken by each. */
  count: number;
  readonly retry_after_seconds: number;
  readonly delay_ms: number;
}

const maxDelayMs = 120_000;

function wholeNumber(body: Record<string, unknown>, name: string, fallback: number, min: number, max: number): number {
  const value = body[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw invalidRequest(400, 'parameter_invalid', `${name} must be a whole number from ${min} to ${max}.`, name);
  return value;
}

/** A fault from a control's body, or a `400` naming the argument it cannot take. */
export function faultFrom(body: Record<string, unknown>): Fault {
  const known = new Set(['operation', 'kind', 'count', 'retry_after_seconds', 'delay_ms']);
  for (const name of Object.keys(body))
    if (!known.has(name)) throw invalidRequest(400, 'parameter_unknown', `A fault takes no argument ${name}.`, name);
  const {operation, kind} = body;
  if (typeof operation !== 'string' || !operationIds.has(operation))
    throw invalidRequest(
      400,
      'parameter_invalid',
      `operation must be the operationId of an operation of the specs, such as createCharge.`,
      'operation',
    );
  if (typeof kind !== 'string' || !(faultKinds as readonly string[]).includes(kind))
    throw invalidRequest(400, 'parameter_invalid', `kind must be one of ${faultKinds.join(', ')}.`, 'kind');
  return {
    operation,
    kind: kind as FaultKind,
    count: wholeNumber(body, 'count', 1, 1, 1000),
    retry_after_seconds: wholeNumber(body, 'retry_after_seconds', 1, 1, 3600),
    delay_ms: wholeNumber(body, 'delay_ms', 2000, 0, maxDelayMs),
  };
}

/** The faults planned, oldest first. */
export class FaultPlan {
  private faults: Fault[] = [];

  add(fault: Fault): void {
    this.faults.push(fault);
  }

  /** The first fault planned for this operation, counted down; undefined when none is. */
  take(operationId: string): Fault | undefined {
    const fault = this.faults.find((candidate) => candidate.operation === operationId);
    if (!fault) return undefined;
    fault.count--;
    if (fault.count === 0) this.faults = this.faults.filter((candidate) => candidate !== fault);
    return fault;
  }

  pending(): readonly Fault[] {
    return this.faults.map((fault) => ({...fault}));
  }

  clear(): void {
    this.faults = [];
  }
}
