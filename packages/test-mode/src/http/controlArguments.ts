/**
 * The arguments of a `/_test-mode/…` control, read from its JSON body: each is checked before the
 * model sees it, so `{"amount": "abc"}` is a `400` naming `amount` and never a poisoned state.
 */
import {testCards} from '@zip/model/testValues';
import {eventTypes} from '../specs';
import {invalidRequest} from './errors';

type Json = Record<string, unknown>;

export class ControlArguments {
  constructor(private readonly body: Json) {}

  /** Refuses an argument the control does not take. */
  only(...names: string[]): this {
    for (const name of Object.keys(this.body))
      if (!names.includes(name)) throw invalidRequest(400, 'parameter_unknown', `This control takes no argument ${name}.`, name);
    return this;
  }

  /** The body as given, for an argument set read elsewhere (a fault). */
  raw(): Json {
    return this.body;
  }

  has(name: string): boolean {
    return this.body[name] !== undefined;
  }

  number(name: string, {min, max, whole}: {min: number; max: number; whole?: boolean}): number {
    const value = this.body[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (whole && !Number.isInteger(value)))
      throw invalidRequest(400, 'parameter_invalid', `${name} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}.`, name);
    return value;
  }

  optionalAmount(name: string): number | undefined {
    return this.has(name) ? this.number(name, {min: 1, max: 1e12, whole: true}) : undefined;
  }

  /** A test card number of packages/model/src/testValues.ts. */
  card(name = 'card'): string {
    const value = this.body[name];
    if (typeof value !== 'string' || !testCards.some((card) => card.number === value))
      throw invalidRequest(
        400,
        'parameter_invalid',
        `${name} must be the number of a test card, such as ${testCards[0]?.number ?? ''}.`,
        name,
      );
    return value;
  }

  eventType(name = 'type'): string {
    const value = this.body[name];
    if (typeof value !== 'string' || !eventTypes.includes(value))
      throw invalidRequest(400, 'parameter_invalid', `${name} must be an event type of the payments spec, such as charge.succeeded.`, name);
    return value;
  }

  /** An ISO 8601 moment, in milliseconds. */
  moment(name: string): number {
    const value = this.body[name];
    const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN;
    if (!Number.isFinite(ms))
      throw invalidRequest(400, 'parameter_invalid', `${name} must be an ISO 8601 moment such as 2026-01-05T01:00:00Z.`, name);
    return ms;
  }

  /** A webhook URL as the API takes one in test mode: https, or http on loopback. */
  endpointUrl(name = 'url'): string {
    const value = this.body[name];
    let url: URL | undefined;
    try {
      url = typeof value === 'string' ? new URL(value) : undefined;
    } catch {
      url = undefined;
    }
    const loopback = url?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (!url || (url.protocol !== 'https:' && !loopback))
      throw invalidRequest(400, 'parameter_invalid', `${name} must be an https:// URL, or http:// on loopback in test mode.`, name);
    return url.href;
  }
}
