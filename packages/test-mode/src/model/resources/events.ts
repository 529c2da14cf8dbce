/** Events as the specs list them: every change the model made, newest first, filtered by type or object. */
import {notFound} from '../core/errors';
import {listed, matches} from '../core/lists';
import type {Handler} from '../core/model';

export const eventHandlers: Record<string, Handler> = {
  listEvents: (model, {query}) => {
    const objectId = query.get('object_id');
    const filter = (event: Record<string, unknown>) =>
      matches(event, query, ['type']) && (!objectId || ((event.data as {object: {id?: unknown}}).object.id ?? null) === objectId);
    return {status: 200, body: listed(model.events, query, filter)};
  },
  retrieveEvent: (model, {params}) => {
    const event = model.events.find((candidate) => candidate.id === params.evt_id);
    if (!event) throw notFound(`No such event: '${params.evt_id ?? ''}'.`);
    return {status: 200, body: event};
  },
};
