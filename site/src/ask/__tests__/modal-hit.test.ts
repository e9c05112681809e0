import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ASK_OBJECT_ID, withAskHit } from '../ask-hit';

const response = (hits: unknown[]) => ({ results: [{ hits, nbHits: hits.length, query: 'q' }] });

test('the Ask hit comes first, with the question escaped wherever DocSearch renders HTML', () => {
  const out = withAskHit(response([{ objectID: 'a' }]), ' <img src=x onerror=alert(1)> ');
  const [ask, page] = (out.results[0]?.hits ?? []) as Record<string, unknown>[];
  assert.equal(ask?.objectID, ASK_OBJECT_ID);
  assert.equal(ask?.__talaAsk, '<img src=x onerror=alert(1)>');
  assert.equal(page?.objectID, 'a');
  assert.equal(out.results[0]?.nbHits, 1, 'the count of pages stays the engine’s');
  const html = JSON.stringify([ask?._highlightResult, ask?._snippetResult]);
  assert.ok(!html.includes('<img'), html);
});

test('no Ask hit for an empty query or when the search found nothing (DocSearch shows its no-results screen)', () => {
  assert.equal(withAskHit(response([{ objectID: 'a' }]), '  ').results[0]?.hits.length, 1);
  assert.equal(withAskHit(response([]), 'zzqxqv').results[0]?.hits.length, 0);
});
