/**
 * Webhook endpoints made through the API: an HTTPS URL (or `http://` on loopback in test mode),
 * the event types of the payments spec's `EventType` or `*`, a secret shown once, rolled with an
 * overlap of at most `facts.webhooks.secretOverlapMaxHours`; deleting one stops its retries too.
 */
import {facts} from '@zip/model/facts';
import {eventTypes} from '../../specs';
import {invalid, type Json} from '../core/errors';
import {hourMs, newId, randomText} from '../core/ids';
import {listed} from '../core/lists';
import type {Handler, Model} from '../core/model';
import type {Endpoint} from '../core/webhooks';
import {mergeMetadata} from './metadata';

/** Zip takes HTTPS URLs only; test mode also takes http:// on loopback, so a test's receiver needs no certificate. */
export function checkEndpointUrl(url: unknown): void {
  let parsed: URL | undefined;
  try {
    parsed = new URL(String(url));
  } catch {
    parsed = undefined;
  }
  const loopback = parsed?.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (parsed?.protocol !== 'https:' && !loopback) throw invalid('parameter_invalid', 'url must be an https:// URL.', 'url');
}

function checkEventTypes(events: unknown): void {
  if (!Array.isArray(events)) throw invalid('parameter_missing', 'Missing required parameter: events.', 'events');
  events.forEach((type, index) => {
    if (type !== '*' && !eventTypes.includes(type as string))
      throw invalid('parameter_invalid', `events.${index} must be an event type such as charge.succeeded, or *.`, `events.${index}`);
  });
}

function createEndpoint(model: Model, body: Json): Json {
  checkEndpointUrl(body.url);
  checkEventTypes(body.events);
  const created = model.now();
  const secret = `whsec_${randomText(32)}`;
  const object = model.keep(model.webhookEndpoints, {
    id: newId('we_'),
    object: 'webhook_endpoint',
    livemode: false,
    url: body.url,
    description: body.description ?? null,
    events: body.events,
    status: 'active',
    secret: null,
    metadata: body.metadata ?? {},
    created_at: created,
    updated_at: created,
  });
  model.webhooks.add({object, secrets: [{secret, untilMs: Infinity}], deleted: false});
  return {...object, secret}; // the one answer that shows the secret
}

function endpointOf(model: Model, id: string): Endpoint {
  const object = model.mustGet(model.webhookEndpoints, id);
  const endpoint = model.webhooks.endpointOf(object);
  if (!endpoint) throw new Error(`${id} has no delivery state`);
  return endpoint;
}

function updateEndpoint(model: Model, id: string, body: Json): Json {
  const object = model.mustGet(model.webhookEndpoints, id);
  if (body.url !== undefined) checkEndpointUrl(body.url);
  if (body.events !== undefined) checkEventTypes(body.events);
  for (const field of ['url', 'events', 'description'] as const) if (body[field] !== undefined) object[field] = body[field];
  mergeMetadata(object, body.metadata);
  object.updated_at = model.now();
  // `enabled` and `disabled` are the deprecated spellings the spec still accepts.
  const status = ({enabled: 'active', disabled: 'inactive'} as Record<string, string>)[body.status as string] ?? body.status;
  if (typeof status === 'string' && status !== object.status) {
    model.transition('webhookEndpoint', object, status);
    endpointOf(model, id).failingSinceMs = undefined; // a reactivated endpoint starts afresh
  }
  return object;
}

function deleteEndpoint(model: Model, id: string): Json {
  endpointOf(model, id).deleted = true; // retries still scheduled stop too
  model.webhookEndpoints.delete(id);
  return {id, object: 'webhook_endpoint', deleted: true};
}

/** A new secret; the old ones keep signing for the overlap asked for, the longest facts.ts allows by default. */
function rollSecret(model: Model, id: string, body: Json): Json {
  const endpoint = endpointOf(model, id);
  const overlapHours = (body.expire_previous_in_hours as number | undefined) ?? facts.webhooks.secretOverlapMaxHours;
  const secret = `whsec_${randomText(32)}`;
  const until = model.clockMs() + overlapHours * hourMs;
  endpoint.secrets = [{secret, untilMs: Infinity}, ...endpoint.secrets.map((old) => ({...old, untilMs: Math.min(old.untilMs, until)}))];
  const object = endpoint.object as Json;
  object.updated_at = model.now();
  return {...object, secret};
}

const endpointId = (params: Record<string, string>) => params.we_id ?? '';

export const webhookEndpointHandlers: Record<string, Handler> = {
  createWebhookEndpoint: (model, {body}) => ({status: 201, body: createEndpoint(model, body)}),
  listWebhookEndpoints: (model, {query}) => ({status: 200, body: listed(model.webhookEndpoints.values(), query, () => true)}),
  retrieveWebhookEndpoint: (model, {params}) => ({status: 200, body: model.mustGet(model.webhookEndpoints, endpointId(params))}),
  updateWebhookEndpoint: (model, {params, body}) => ({status: 200, body: updateEndpoint(model, endpointId(params), body)}),
  deleteWebhookEndpoint: (model, {params}) => ({status: 200, body: deleteEndpoint(model, endpointId(params))}),
  rollWebhookEndpointSecret: (model, {params, body}) => ({status: 200, body: rollSecret(model, endpointId(params), body)}),
};
