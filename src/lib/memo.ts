/**
 * Remembering what was worked out from data that never changes once read: published page
 * data is shared between renders and never mutated (src/serving/page-cache.ts), so what is
 * derived from one of its objects is derived once per isolate. Results are shared as well
 * and must not be mutated either.
 */

/** What `compute` gives for `key`, worked out the first time only. */
export function rememberedFor<K extends object, V>(cache: WeakMap<K, V>, key: K, compute: () => V): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    cache.set(key, value);
  }
  return value;
}

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond `max` entries. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}
