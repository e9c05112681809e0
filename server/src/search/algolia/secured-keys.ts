import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AccessLevel } from '@tala/policy';
import { algoliasearch } from 'algoliasearch';
import type { SearchSettings } from '../settings.ts';

/**
 * Algolia secured API keys (SEARCH_BACKEND=algolia): made with the official client's
 * `generateSecuredApiKey`, restricted to the portal's index, to the records the reader's roles may
 * open (`filters` on `access`), and to a lifetime.
 */

/** `access:public OR access:reader`: the filter Algolia applies to every query made with the key. */
export const accessFilter = (allowed: readonly AccessLevel[]) => allowed.map((level) => `access:${level}`).join(' OR ');

export function securedKeyFor(settings: SearchSettings, allowed: readonly AccessLevel[], now = Date.now()) {
  if (!settings.searchApiKey) throw new Error('secured keys need ALGOLIA_SEARCH_API_KEY');
  const client = algoliasearch(settings.appId, settings.searchApiKey);
  const validUntil = Math.floor(now / 1000) + settings.keyLifetimeSeconds;
  const apiKey = client.generateSecuredApiKey({
    parentApiKey: settings.searchApiKey,
    restrictions: { filters: accessFilter(allowed), validUntil, restrictIndices: [settings.indexName] },
  });
  return { apiKey, validUntil };
}

/**
 * What Algolia does on receipt of a secured key: check its HMAC against the parent key and read
 * its restrictions. Used when this server stands in for Algolia (ALGOLIA_HOSTS pointing at it), so
 * the browser's Algolia path runs end to end without the service; null for any key not signed
 * with the parent key, or expired.
 */
export function restrictionsOf(securedKey: string, parentKey: string, now = Date.now()): URLSearchParams | null {
  let decoded: string;
  try {
    decoded = Buffer.from(securedKey, 'base64').toString('utf8');
  } catch {
    return null;
  }
  const signature = decoded.slice(0, 64);
  const query = decoded.slice(64);
  if (!/^[0-9a-f]{64}$/.test(signature)) return null;
  const expected = createHmac('sha256', parentKey).update(query).digest('hex');
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) return null;
  const restrictions = new URLSearchParams(query);
  const validUntil = Number(restrictions.get('validUntil') ?? Number.POSITIVE_INFINITY);
  return validUntil * 1000 > now ? restrictions : null;
}
