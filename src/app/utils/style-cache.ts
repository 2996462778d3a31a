/**
 * antd's style cache (cssinjs), kept across unmounts. cssinjs counts the mounted users of each
 * parsed component style and drops the entry when the last one unmounts, so closing a form and
 * opening it again parsed every DatePicker, InputNumber … style anew: about 20 ms of each opening
 * of the 200-field benchmark form. This cache keeps a dropped entry at a count of zero
 * instead, so the next mount reuses the parsed style. The `<style>` elements themselves stay in
 * the page either way (antd does not remove them on the client); the entries kept are bounded by
 * antd's components × the themes used in the session.
 *
 * Used once, by the app root's StyleProvider (src/app/main.tsx).
 */
import { createCache } from '@ant-design/cssinjs';

type Entry = [number, unknown];

/** A cssinjs cache whose entries outlive their last user (see the file comment). */
export function createKeptStyleCache(): ReturnType<typeof createCache> {
  const cache = createCache();
  const opUpdate = cache.opUpdate.bind(cache);
  cache.opUpdate = (keyPathStr: string, valueFn: (prev: Entry | null) => Entry | null) =>
    opUpdate(keyPathStr, (prev: Entry | null) => {
      const next = valueFn(prev);
      return next === null && prev ? [0, prev[1]] : next;
    });
  return cache;
}
