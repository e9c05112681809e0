/**
 * Why a query ranks what it does: the top hits of the portal's engine with their ranking criteria,
 * for tuning the records (page rank, levels) and for docs writers asking "why is my page not first?".
 *
 *   npm run search:explain -- "trigger ordering" [limit]   (after `npm run build`)
 */
import path from 'node:path';
import { SearchEngine } from '../../server/src/search/engine.ts';
import { loadRecords, loadSynonyms } from '../../server/src/search/records.ts';

const [query, limitText] = process.argv.slice(2);
if (!query) {
  console.error('usage: npm run search:explain -- "<query>" [limit]');
  process.exit(2);
}
const buildDir = path.resolve(import.meta.dirname, '../../site/build');
const engine = new SearchEngine(await loadRecords(buildDir), await loadSynonyms(buildDir));
const result = engine.search({ query, allowed: new Set(['public', 'reader', 'onprem']) });
console.log(`"${query}": ${result.hits.length} pages; terms ${result.queryTerms.join(' ')}\n`);
const fused = result.hits.some((hit) => hit.fusion);
if (fused)
  console.log('A question: the first hits are fused with page evidence (place in the ranking, page by score).\n');
console.log(
  `words typos attribute proximity exact | pageRank level position | ${fused ? 'ranking page | ' : ''}url — hierarchy`,
);
for (const { record, criteria: c, fusion } of result.hits.slice(0, Number(limitText ?? 10))) {
  const trail = Object.values(record.hierarchy).filter(Boolean).join(' › ');
  console.log(
    `${c.words} ${c.typos} ${c.attribute} ${c.proximity} ${c.exact} | ${record.weight.pageRank} ${record.weight.level} ${record.weight.position} | ${fusion ? `${fusion.ranking} ${fusion.page} | ` : ''}${record.url} — ${trail}${record.content ? ` :: ${record.content.slice(0, 80)}` : ''}`,
  );
}
