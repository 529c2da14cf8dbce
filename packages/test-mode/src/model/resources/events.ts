/**
 * Events as the specs list them: every change the model made in the last
 * `facts.webhooks.eventRetentionDays`, newest first, filtered by type or object. (`TestMode.events`
 * keeps older ones too, for a test's invariants.)
 */
import {facts} from '@zip/model/facts';
import {notFound, type Json} from '../core/errors';
import {dayMs} from '../core/ids';
import {listed, matches} from '../core/lists';
import type {Handler, Model} from '../core/model';

const retained = (model: Model) => {
  const oldest = model.clockMs() - facts.webhooks.eventRetentionDays * dayMs;
  return (event: Json) => Date.parse(event.created_at as string) >= oldest;
};

export const eventHandlers: Record<string, Handler> = {
  listEvents: (model, {query}) => {
    const objectId = query.get('object_id');
    const kept = retained(model);
    const filter = (event: Json) =>
      kept(event) &&
      matches(event, query, ['type']) &&
      (!objectId || ((event.data as {object: {id?: unknown}}).object.id ?? null) === objectId);
    return {status: 200, body: listed(model.events, query, filter)};
  },
  retrieveEvent: (model, {params}) => {
    const event = model.events.find((candidate) => candidate.id === params.evt_id);
    if (!event || !retained(model)(event)) throw notFound(`No such event: '${params.evt_id ?? ''}'.`);
    return {status: 200, body: event};
  },
};
