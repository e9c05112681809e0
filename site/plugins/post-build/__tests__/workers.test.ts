import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { mapInWorkers } from '../workers';
import { double } from './fixtures/double';

const job = (items: number[]) => ({
  modulePath: path.join(import.meta.dirname, 'fixtures/double.ts'),
  exportName: 'double',
  run: double,
  items,
  shared: { add: 1 },
  inlineBelow: 0,
  workers: 2,
});

test('POST-BUILD workers: a function runs on two worker threads over shards, results in the items’ order', async () => {
  const items = Array.from({ length: 60 }, (_, i) => i);
  const results = await mapInWorkers(job(items));
  assert.deepEqual(
    results.map((r) => r.value),
    items.map((n) => n * 2 + 1),
  );
  // Both shards ran off the main thread (threadId 0), on different threads.
  const threads = new Set(results.map((r) => r.thread));
  assert.equal(threads.size, 2);
  assert.ok(!threads.has(0));
});

test('POST-BUILD workers: an error in a worker fails the call with its message; few items run in this thread', async () => {
  await assert.rejects(mapInWorkers(job([...Array.from({ length: 59 }, (_, i) => i), -1])), /minus one is not allowed/);
  const inline = await mapInWorkers({ ...job([1, 2, 3]), inlineBelow: 100 });
  assert.deepEqual(
    inline.map((r) => r.thread),
    [0, 0, 0],
  );
});
