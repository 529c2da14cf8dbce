/** `metadata` of an update, merged key by key; an empty string removes a key (the specs' "Updates"), within the Metadata schema's bound. */
import {invalid, type Json} from '../core/errors';

/** The Metadata schema's `maxProperties`: the merged result must stay within it too. */
const maxKeys = 50;

export function mergeMetadata(object: Json, update: unknown): void {
  if (!update || typeof update !== 'object') return;
  const merged = {...(object.metadata as Record<string, string>), ...(update as Record<string, string>)};
  const kept = Object.entries(merged).filter(([, value]) => value !== '');
  if (kept.length > maxKeys) throw invalid('parameter_invalid', `metadata holds at most ${maxKeys} keys.`, 'metadata');
  object.metadata = Object.fromEntries(kept);
}
