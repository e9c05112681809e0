import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SearchCredentials } from '../../session/session-store';
import { RENEW_MARGIN_MS, readerSearch, retriedOnce } from '../reader-search';

const NOW = 1_800_000_000_000;
const key = (apiKey: string, validUntil?: number): SearchCredentials => ({
  appId: 'APP',
  apiKey,
  indexName: 'tala-docs',
  hosts: ['https://search.example'],
  ...(validUntil === undefined ? {} : { validUntil }),
});
const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

/** A fake backend: which keys it accepts, and which key each search used. */
function setup(options: { current: SearchCredentials; renewed: SearchCredentials | null; accepted: string[] }) {
  const used: string[] = [];
  const built: string[] = [];
  let renewals = 0;
  const search = readerSearch({
    current: async () => options.current,
    renew: async () => {
      renewals++;
      return options.renewed;
    },
    clientFor: (credentials) => {
      built.push(credentials.apiKey);
      return {
        search: async (query: string) => {
          used.push(credentials.apiKey);
          if (!options.accepted.includes(credentials.apiKey)) throw httpError(403);
          return `hits for ${query}`;
        },
      };
    },
    now: () => NOW,
  });
  return { search, used, built, renewals: () => renewals };
}

test('a secured key about to end is renewed before the search', async () => {
  const soon = (NOW + RENEW_MARGIN_MS / 2) / 1000;
  const later = (NOW + 3_600_000) / 1000;
  const s = setup({ current: key('old', soon), renewed: key('new', later), accepted: ['new'] });
  assert.equal(await s.search('flows'), 'hits for flows');
  assert.deepEqual(s.used, ['new']);
  assert.equal(s.renewals(), 1);
});

test('a key that lasts is used as it is, and its client is built once', async () => {
  const later = (NOW + 3_600_000) / 1000;
  const s = setup({ current: key('good', later), renewed: key('other'), accepted: ['good'] });
  await s.search('a');
  await s.search('ab');
  assert.deepEqual(s.used, ['good', 'good']);
  assert.deepEqual(s.built, ['good']);
  assert.equal(s.renewals(), 0);
});

test('a refused key (403) is renewed once and the search retried with the new key', async () => {
  const s = setup({ current: key('expired'), renewed: key('fresh'), accepted: ['fresh'] });
  assert.equal(await s.search('tql'), 'hits for tql');
  assert.deepEqual(s.used, ['expired', 'fresh']);
});

test('a reader no longer signed in gets the error (the session store reloads into the login screen)', async () => {
  const s = setup({ current: key('portal'), renewed: null, accepted: [] });
  await assert.rejects(s.search('tql'), { status: 403 });
  assert.deepEqual(s.used, ['portal']);
  assert.equal(s.renewals(), 1);
});

test('no retry when renewal gives the same key, nor for errors other than 401/403', async () => {
  const same = setup({ current: key('k'), renewed: key('k'), accepted: [] });
  await assert.rejects(same.search('x'), { status: 403 });
  assert.deepEqual(same.used, ['k']);

  let renewals = 0;
  const unreachable = readerSearch({
    current: async () => key('k'),
    renew: async () => {
      renewals++;
      return key('other');
    },
    clientFor: () => ({
      search: async () => {
        throw new Error('Unreachable hosts');
      },
    }),
  });
  await assert.rejects(unreachable(), /Unreachable hosts/);
  assert.equal(renewals, 0);
});

test('the /search/ page sends a search that reached no host once more, and nothing else again', async () => {
  const failing = (name: string, answers: number) => {
    let calls = 0;
    const search = async (query: string) => {
      calls++;
      if (calls <= answers) throw Object.assign(new Error(`${name} ${calls}`), { name });
      return `results for ${query}`;
    };
    return { search: retriedOnce(search), calls: () => calls };
  };
  const once = failing('RetryError', 1);
  assert.equal(await once.search('carousel'), 'results for carousel');
  assert.equal(once.calls(), 2);
  // Twice unreachable: the second error reaches the page.
  const twice = failing('RetryError', 2);
  await assert.rejects(twice.search('carousel'), /RetryError 2/);
  assert.equal(twice.calls(), 2);
  // An API error (refused key, bad request) is not sent again.
  const refusedOnce = failing('ApiError', 1);
  await assert.rejects(refusedOnce.search('carousel'), /ApiError 1/);
  assert.equal(refusedOnce.calls(), 1);
});
