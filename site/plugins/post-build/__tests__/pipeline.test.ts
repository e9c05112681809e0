/**
 * The post-build pipeline: its order holds (each step reads what an earlier one wrote), the runner
 * enforces the declarations, and the files the steps declare are those of the real build.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { LoadContext } from '@docusaurus/types';
import { sitemapOptions } from '../../../config/sitemap';
import { postBuildPipeline } from '../pipeline';
import { type InitialData, orderProblems, runPipeline } from '../runner';
import { defineStep, type PostBuildStep } from '../step';

const siteDir = path.resolve(import.meta.dirname, '../../..');
// The sitemap plugin reads only the router setting when it is created.
const context = { siteConfig: { future: {} } } as unknown as LoadContext;
const steps = postBuildPipeline(context, { sitemap: sitemapOptions });
const initial = { docusaurus: {}, content: {} } as unknown as InitialData;

test('every step reads only data an earlier step (or Docusaurus) wrote, and no data is written twice', () => {
  assert.deepEqual(orderProblems(steps), []);
  assert.ok(orderProblems([...steps].reverse()).length > 0, 'reversed, the order breaks');
});

test('the files the steps declare are where the real build has them', () => {
  const declared = steps.flatMap((step) => [...step.reads.files, ...step.writes.files]);
  const places = { 'build/': path.join(siteDir, 'build'), '.docusaurus/': path.join(siteDir, '.docusaurus') };
  const concrete = declared.filter((file) => !/[*( ]/.test(file) && !file.startsWith('site/'));
  const missing = concrete.filter((file) => {
    const [prefix, dir] = Object.entries(places).find(([prefix]) => file.startsWith(prefix)) ?? ['', ''];
    return prefix === '' || !existsSync(path.join(dir, file.slice(prefix.length)));
  });
  assert.ok(concrete.length >= 12, concrete.join(', '));
  assert.deepEqual(missing, []);
});

/** A step that hands on what it reads, named in its summary, and writes an empty list per output. */
const step = (name: string, reads: PostBuildStep['reads']['data'], writes: PostBuildStep['writes']['data']) =>
  ({
    name,
    reads: { files: [], data: reads },
    writes: { files: [], data: writes },
    run: async (input) => ({
      summary: Object.keys(input).sort().join('+'),
      data: Object.fromEntries(writes.map((name) => [name, []])),
    }),
  }) satisfies PostBuildStep;

test('the runner refuses an order that does not hold before any step runs', async () => {
  let ran = false;
  const first = defineStep({
    name: 'first',
    reads: { files: [], data: [] },
    writes: { files: [], data: [] },
    async run() {
      ran = true;
      return { summary: '', data: {} };
    },
  });
  await assert.rejects(
    runPipeline([first, step('needs files', ['files'], []), step('lists', [], ['files'])], initial, () => {}),
    /needs files reads files, which no earlier step writes/,
  );
  assert.equal(ran, false);
});

test('each step gets only the data it declares, and the log has one line per step with its time', async () => {
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  await runPipeline([step('lists', ['docusaurus'], ['files']), step('reads', ['files', 'content'], [])], initial, log);
  assert.equal(lines.length, 3);
  assert.match(lines[0] as string, /^\[tala\] post-build 1\/2 lists: docusaurus in \d+\.\d s$/);
  assert.match(lines[1] as string, /^\[tala\] post-build 2\/2 reads: content\+files in \d+\.\d s$/);
  assert.match(lines[2] as string, /^\[tala\] post-build: 2 steps in \d+\.\d s$/);
});

test('a step that returns other data than it declares fails the build', async () => {
  const liar = { ...step('liar', [], ['files']), run: async () => ({ summary: '', data: {} }) };
  await assert.rejects(
    runPipeline([liar], initial, () => {}),
    /liar returned no data, not what it declares/,
  );
});
