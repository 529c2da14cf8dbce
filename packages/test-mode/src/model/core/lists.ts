/** One page of a list as every list operation of the specs answers it. */
import type {Json} from './errors';

/** Whether each named query parameter, when given, equals the object's field of that name. */
export function matches(object: Json, query: URLSearchParams, fields: readonly string[]): boolean {
  return fields.every((field) => query.get(field) === null || object[field] === query.get(field));
}

/** The created_* filters as the specs define them: gte inclusive, lt exclusive, after and before exclusive. */
function inWindow(createdAt: string, query: URLSearchParams): boolean {
  const at = Date.parse(createdAt);
  const bound = (name: string) => (query.get(name) ? Date.parse(query.get(name) as string) : undefined);
  const [gte, lt, after, before] = ['created_gte', 'created_lt', 'created_after', 'created_before'].map(bound);
  return !(
    (gte !== undefined && at < gte) ||
    (lt !== undefined && at >= lt) ||
    (after !== undefined && at <= after) ||
    (before !== undefined && at >= before)
  );
}

/**
 * Newest first, filtered, within the created_* window, from `starting_after` or up to
 * `ending_before`, at most `limit` objects.
 */
export function listed(objects: Iterable<Json>, query: URLSearchParams, filter: (object: Json) => boolean, view = (o: Json) => o): Json {
  let data = [...objects].filter((object) => filter(object) && inWindow(object.created_at as string, query)).reverse();
  const limit = Number(query.get('limit') ?? 10);
  const after = query.get('starting_after');
  const before = query.get('ending_before');
  if (after) data = data.slice(data.findIndex((object) => object.id === after) + 1 || data.length);
  if (before) {
    const newer = data.slice(
      0,
      Math.max(
        0,
        data.findIndex((object) => object.id === before),
      ),
    );
    return {object: 'list', data: newer.slice(-limit).map(view), has_more: newer.length > limit};
  }
  return {object: 'list', data: data.slice(0, limit).map(view), has_more: data.length > limit};
}
