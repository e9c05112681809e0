/**
 * `npm run check:examples --workspace site` (and the first step of the site build): every example a
 * page shows in a checked language is parsed and checked; the build stops on any mistake, naming
 * the page, the line and the column. What each language's checker knows:
 * - ```tql — the TQL manual's grammar and data model (tql/check.ts).
 * docs/style-guide.md tells writers how to write examples that pass.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { GENERATED_DIRS } from '../openapi/scripts/layout.ts';
import { BuildError } from '../plugins/build-errors.ts';
import { ONPREM_PAGE, READER_PAGE } from '../plugins/content/glossary/write-pages.ts';
import { loadConstants } from '../plugins/content/platform-constants/constants.ts';
import { mapInWorkers } from '../plugins/post-build/workers.ts';
import { type ApiCall, curlCalls, httpBlockCalls, inlineCall } from './api/calls.ts';
import { ApiCallChecker } from './api/check.ts';
import { checkGeneratedRequests, operationFiles } from './api/generated-requests.ts';
import { type ApiSpecs, loadApiSpecs, type Operation } from './api/operations.ts';
import { secretArguments } from './api/secrets.ts';
import { checkConditions } from './condition/check.ts';
import { checkStructure } from './pages/structure.ts';
import type { ExampleProblem } from './problem.ts';
import { RunningExample } from './running-example/check.ts';
import { CONTENT_DIRS, type CodeSpan, markdownFiles, readPage } from './scan.ts';
import { readSpec, specFiles, specStrings } from './spec-strings.ts';
import { checkTlml } from './tlml/check.ts';
import { checkTql, checkTqlField, isTqlFieldSpan } from './tql/check.ts';
import { ASYNCAPI_FILE, SocketMessageChecker } from './web-socket/check.ts';

export const CHECKERS: Readonly<Record<string, (text: string) => ExampleProblem[]>> = {
  tql: checkTql,
  condition: checkConditions,
  tlml: checkTlml,
};

export interface Finding extends ExampleProblem {
  /** Relative to the site directory. */
  file: string;
  language: string;
}

export interface ExampleReport {
  findings: Finding[];
  /** Examples checked per language. */
  counts: Record<string, number>;
}

/** A TQL query inside a spec's string: an example request's `query`, an aggregator's `script`. */
/** Blocks that show API calls: HTTP requests, and shell commands with curl. */
const CALL_LANGUAGES = ['http', 'bash', 'sh', 'shell'];
const CALL_AND_RESPONSE_LANGUAGES = new Set([...CALL_LANGUAGES, 'json']);

/**
 * The API reference pages generate.ts writes from the specs: their calls are the specs' own
 * (checked by the spec lint), so only the pages writers write are scanned for calls.
 */
const generated = (siteDir: string, file: string) =>
  GENERATED_DIRS.some((dir) => path.relative(siteDir, file).startsWith(`${dir}/`)) ||
  // The published glossary is the domain model's text, checked as docs/glossary.md.
  file === READER_PAGE ||
  file === ONPREM_PAGE;

const RELEASE_NOTES = /^docs\/home\/tala-/;

/** The domain model's documents (the repository's docs/): their examples teach writers, so they are checked too. */
const DOMAIN_MODEL = ['../docs/glossary.md', '../docs/api-conventions.md'];

const TQL_KEYS = new Set(['query', 'script']);
const TQL_QUERY = /^\s*(listall|list|count|distinct)\s[\s\S]*\sfrom\s/i;

/** What checking a page needs besides the page: the checkers, built once per thread. */
interface Checkers {
  siteDir: string;
  languages: Set<string>;
  domainModel: Set<string>;
  apiCalls: ApiCallChecker;
  sockets: SocketMessageChecker;
  running: RunningExample;
  restated: Restated[];
}

interface Restated {
  name: string;
  pattern: RegExp;
  value: RegExp;
  /** The constant's unit ("minutes", "weeks"; none for a count): a spec sentence without it states something else. */
  unit: RegExp;
  text: string;
}

/** Where a check puts what it finds: the findings, and the examples checked per language. */
interface Tally {
  counts: Record<string, number>;
  note: (file: string, language: string, line: number, column: number, message: string) => void;
}

function checkersFor(siteDir: string, asyncapi: string, specs: ApiSpecs = loadApiSpecs()): Checkers {
  const apiCalls = new ApiCallChecker(specs);
  return {
    siteDir,
    languages: new Set(Object.keys(CHECKERS)),
    domainModel: new Set(DOMAIN_MODEL.map((file) => path.join(siteDir, file))),
    apiCalls,
    sockets: new SocketMessageChecker(apiCalls, asyncapi),
    running: new RunningExample(),
    restated: Object.entries(loadConstants()).flatMap(([name, constant]) =>
      (constant.restated ?? []).map((pattern) => ({
        name,
        pattern: new RegExp(pattern, 'i'),
        value: new RegExp(`\\b${escapeRegExp(constant.text)}\\b`, 'i'),
        unit: new RegExp(`\\b${escapeRegExp(constant.text.replace(/^[\d.,]+\s*/, ''))}`, 'i'),
        text: constant.text,
      })),
    ),
  };
}

function tallyFor(siteDir: string): Tally & { findings: Finding[] } {
  const findings: Finding[] = [];
  return {
    findings,
    counts: {},
    note: (file, language, line, column, message) =>
      findings.push({ file: path.relative(siteDir, file), language, line, column, message }),
  };
}

/** The pages writers write (not the generated API reference) and the domain model's documents. */
function pagesOf(siteDir: string): string[] {
  return [
    ...CONTENT_DIRS.flatMap((dir) => markdownFiles(path.join(siteDir, dir))).filter(
      (file) => !generated(siteDir, file),
    ),
    ...DOMAIN_MODEL.map((file) => path.join(siteDir, file)),
  ];
}

function startReport(checkers: Checkers, asyncapi: string, tally: Tally): void {
  for (const language of [...checkers.languages, 'TQL field', 'spec TQL', 'spec constant']) tally.counts[language] = 0;
  for (const problem of checkers.sockets.documentProblems()) tally.note(asyncapi, 'web socket', 1, 1, problem);
  tally.counts['AsyncAPI message'] = checkers.sockets.messageNames.length;
}

export function checkExamples(
  siteDir: string,
  {
    pages,
    specs,
    asyncapi = ASYNCAPI_FILE,
  }: { pages?: readonly string[]; specs?: readonly string[]; asyncapi?: string } = {},
): ExampleReport {
  const checkers = checkersFor(siteDir, asyncapi);
  const tally = tallyFor(siteDir);
  startReport(checkers, asyncapi, tally);
  merge(tally, reportsOf(pages ?? pagesOf(siteDir), checkers));
  finishReport(checkers, tally, { specs, generatedPages: !pages });
  return { findings: sortFindings(tally.findings), counts: tally.counts };
}

/**
 * The whole check as the build runs it: the pages on worker threads (mapInWorkers, from 1,000
 * pages; at 10,457 pages the check took 95 s on one thread, most of it parsing Markdown), the specs
 * and the generated requests on this one meanwhile. The report is the same as checkExamples'.
 */
export async function checkAllExamples(
  siteDir: string,
  {
    pages,
    specs,
    asyncapi = ASYNCAPI_FILE,
    inlineBelow,
  }: { pages?: readonly string[]; specs?: readonly string[]; asyncapi?: string; inlineBelow?: number } = {},
): Promise<ExampleReport> {
  // The merged specs are read once and given to the workers: merging them took each thread 14 s
  // at 10,457 pages, a copy between threads well under one.
  const apiSpecs = loadApiSpecs();
  const shards = mapInWorkers({
    modulePath: fileURLToPath(import.meta.url),
    exportName: 'checkPageShard',
    // Few pages: checked here, once this thread has its checkers (after the await).
    run: async (files) => {
      await null;
      return reportsOf(files, checkers);
    },
    items: pages ?? pagesOf(siteDir),
    shared: { siteDir, asyncapi, specs: apiSpecs },
    ...(inlineBelow === undefined ? {} : { inlineBelow }),
  });
  // The workers have their copy: this thread's checker may now compile the schemas in place.
  const checkers = checkersFor(siteDir, asyncapi, apiSpecs);
  const tally = tallyFor(siteDir);
  startReport(checkers, asyncapi, tally);
  // Awaited after this thread's share: a rejection meanwhile is handled there.
  shards.catch(() => {});
  finishReport(checkers, tally, { specs, generatedPages: !pages });
  merge(tally, await shards);
  return { findings: sortFindings(tally.findings), counts: tally.counts };
}

/** mapInWorkers' function: each page's report, in order (a worker builds its own checkers once). */
export async function checkPageShard(
  files: readonly string[],
  { siteDir, asyncapi, specs }: { siteDir: string; asyncapi: string; specs: ApiSpecs },
): Promise<ExampleReport[]> {
  return reportsOf(files, checkersFor(siteDir, asyncapi, specs));
}

function merge(tally: Tally & { findings: Finding[] }, reports: readonly ExampleReport[]): void {
  for (const report of reports) {
    tally.findings.push(...report.findings);
    for (const [kind, count] of Object.entries(report.counts)) tally.counts[kind] = (tally.counts[kind] ?? 0) + count;
  }
}

function reportsOf(files: readonly string[], checkers: Checkers): ExampleReport[] {
  return files.map((file) => {
    const tally = tallyFor(checkers.siteDir);
    const compared = checkers.running.compared;
    checkPage(file, checkers, tally);
    tally.counts['running example'] = checkers.running.compared - compared;
    return { findings: tally.findings, counts: tally.counts };
  });
}

/** The specs' examples, the generated pages' requests, and the running example's count. */
function finishReport(
  checkers: Checkers,
  tally: Tally,
  { specs, generatedPages }: { specs?: readonly string[] | undefined; generatedPages: boolean },
): void {
  const { siteDir, running, restated, apiCalls } = checkers;
  const { counts, note } = tally;
  const compared = running.compared;
  // TQL in the API specs' examples: lines are the string's first line in the spec source.
  for (const file of specs ?? specFiles(path.join(siteDir, 'openapi/specs'))) {
    const spec = readSpec(file);
    for (const problem of running.specProblems(file, spec))
      note(file, 'running example', problem.line, problem.column, problem.message);
    for (const string of specStrings(file, spec)) {
      // A spec is also downloaded on its own, so it states a constant's value in words; the value
      // must be the constant's (folded YAML strings are one line: the finding points at the string).
      for (const { name, pattern, value, unit, text } of restated) {
        const found = pattern.exec(string.text);
        if (!found || !unit.test(found[0])) continue;
        counts['spec constant'] = (counts['spec constant'] ?? 0) + 1;
        if (value.test(found[0])) continue;
        note(file, 'constant', string.line, 1, `"${found[0]}" contradicts the platform constant ${name} (${text})`);
      }
      if (!TQL_KEYS.has(string.key) || !TQL_QUERY.test(string.text)) continue;
      counts['spec TQL'] = (counts['spec TQL'] ?? 0) + 1;
      for (const problem of checkTql(string.text)) {
        note(
          file,
          'spec TQL',
          string.line,
          1,
          `${string.key}, at ${problem.line}:${problem.column} of the query: ${problem.message}`,
        );
      }
    }
  }
  counts['running example'] = (counts['running example'] ?? 0) + running.compared - compared;
  // The generated API pages' example requests, once the generator has written them (a full check only).
  if (generatedPages) {
    for (const problem of checkGeneratedRequests(operationFiles(siteDir), apiCalls, counts))
      note(problem.file, `generated ${problem.language}`, problem.line, problem.column, problem.message);
  }
}

const sortFindings = (findings: Finding[]) =>
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);

/** One page's examples: constants, API calls and their responses, TQL, structure, secrets, languages. */
function checkPage(file: string, checkers: Checkers, { counts, note }: Tally): void {
  const { siteDir, languages, domainModel, apiCalls, sockets, running, restated } = checkers;
  /** Checks a call and returns the operation it names (null: none, or not checked). */
  const call = (found: ApiCall | null): Operation | null => {
    if (!found) return null;
    const verdict = apiCalls.check(found);
    if (!verdict.checked) {
      counts[verdict.why] = (counts[verdict.why] ?? 0) + 1;
      return null;
    }
    const kind = found.body === null ? `${found.form} call` : `${found.form} call with a body`;
    counts[kind] = (counts[kind] ?? 0) + 1;
    for (const problem of verdict.problems) note(file, 'API call', problem.line, problem.column, problem.message);
    return verdict.operation;
  };
  /** The operation of a paragraph's last inline call, if it names one of the specs. */
  const leadCall = (spans: readonly CodeSpan[]): Operation | null => {
    const calls = spans.map(inlineCall).filter((found): found is ApiCall => found !== null);
    const last = calls.at(-1);
    const verdict = last ? apiCalls.check(last) : null;
    return verdict?.checked ? verdict.operation : null;
  };
  const source = readFileSync(file, 'utf8');
  const page = readPage(file, source);
  // A platform constant written out by hand: the page must use :const[name], so the number lives
  // in one place. Release notes are exempt: they say what a version did when it came out.
  for (const run of RELEASE_NOTES.test(path.relative(siteDir, file)) ? [] : page.prose) {
    for (const { name, pattern } of restated) {
      const found = pattern.exec(run.text);
      if (!found) continue;
      const before = run.text.slice(0, found.index).split('\n');
      const line = run.line + before.length - 1;
      const column = (before.length === 1 ? run.column : 1) + (before.at(-1)?.length ?? 0);
      note(file, 'constant', line, column, `"${found[0]}" states a platform constant by hand: write :const[${name}]`);
    }
  }
  // A JSON block right after a block with one call, in the same section, is that call's response.
  let previous: Operation | null = null;
  let previousSection = -1;
  for (const block of page.blocks) {
    if (!CALL_AND_RESPONSE_LANGUAGES.has(block.language)) continue;
    if (block.language === 'json') {
      const at = { line: block.line, column: block.indent + 1 };
      const json = readJson(block.text);
      if ('error' in json) {
        note(file, 'JSON', at.line, at.column, `not valid JSON: ${json.error}`);
        previous = null;
        continue;
      }
      const { value } = json;
      // A block that says what it is (```json schema="engine:InputResponse"): checked against that schema.
      const named = NAMED_SCHEMA.exec(block.meta ?? '');
      if (named) {
        counts['JSON of a named schema'] = (counts['JSON of a named schema'] ?? 0) + 1;
        const [, api = '', name = ''] = named;
        // `common`: the components every API shares (specs/common.yaml: ErrorResponse, TaskRef, …).
        const document = api === 'common' ? 'common.yaml' : `merged/${api}.yaml`;
        try {
          for (const problem of apiCalls.checkSchema(
            `${document}#/components/schemas/${name}`,
            value,
            at,
            `${api} ${name}`,
          ))
            note(file, 'JSON', problem.line, problem.column, problem.message);
        } catch {
          const spec = api === 'common' ? 'specs/common.yaml' : `the ${api} API spec`;
          note(file, 'JSON', at.line, at.column, `schema="${api}:${name}" names no schema of ${spec}`);
        }
        previous = null;
        continue;
      }
      const message = sockets.isMessage(value);
      const lead = message ? null : leadCall(block.lead);
      if (message) {
        counts['web-socket message'] = (counts['web-socket message'] ?? 0) + 1;
        for (const problem of sockets.check(value, { line: block.line, column: block.indent + 1 }))
          note(file, 'web socket', problem.line, problem.column, problem.message);
      } else if (lead) {
        // A JSON block right after a paragraph naming a call (`… with \`GET /path\`:`) is the
        // request body or an answer of the paragraph's last call.
        const operation = lead;
        if (operation.requestSchema && apiCalls.checkSchema(operation.requestSchema, value, at, 'body').length === 0) {
          counts['body after an inline call'] = (counts['body after an inline call'] ?? 0) + 1;
        } else {
          counts['response after an inline call'] = (counts['response after an inline call'] ?? 0) + 1;
          for (const problem of apiCalls.checkResponse(operation, block.text, at))
            note(file, 'API response', problem.line, problem.column, problem.message);
        }
      } else if (previous && block.section === previousSection) {
        counts['response'] = (counts['response'] ?? 0) + 1;
        for (const problem of apiCalls.checkResponse(previous, block.text, {
          line: block.line,
          column: block.indent + 1,
        }))
          note(file, 'API response', problem.line, problem.column, problem.message);
      }
      if (!message && !lead && !(previous && block.section === previousSection))
        counts['JSON, syntax only'] = (counts['JSON, syntax only'] ?? 0) + 1;
      previous = null;
      continue;
    }
    const found = block.language === 'http' ? httpBlockCalls(block) : curlCalls(block);
    const operations = found.map((one) => call(one));
    previous = operations.length === 1 ? (operations[0] ?? null) : null;
    previousSection = block.section;
  }
  for (const span of page.spans) {
    call(inlineCall(span));
    // The domain model's queries are whole ones in code spans (pages use ```tql blocks; their spans
    // are fragments such as `listall week(s.date) as week …`): checked like a ```tql block.
    if (domainModel.has(file) && TQL_QUERY.test(span.text)) {
      counts['inline TQL'] = (counts['inline TQL'] ?? 0) + 1;
      for (const problem of checkTql(span.text))
        note(file, 'tql', span.line + problem.line - 1, span.column + problem.column, problem.message);
    }
    // Fields named in prose: `t.flowName` must be a field of the data model.
    if (!isTqlFieldSpan(span.text)) continue;
    counts['TQL field'] = (counts['TQL field'] ?? 0) + 1;
    const problem = checkTqlField(span.text);
    if (problem) note(file, 'TQL field', span.line, span.column, problem);
  }
  for (const problem of running.tableProblems(source))
    note(file, 'running example', problem.line, problem.column, problem.message);
  // Task pages open with what the reader needs and show the result; warnings are admonitions.
  if (!domainModel.has(file) && !RELEASE_NOTES.test(path.relative(siteDir, file))) {
    const structure = checkStructure(page.tree);
    if (structure.task) counts['task page'] = (counts['task page'] ?? 0) + 1;
    counts['procedure'] = (counts['procedure'] ?? 0) + structure.procedures;
    for (const problem of structure.problems) note(file, 'task page', problem.line, problem.column, problem.message);
  }
  for (const block of page.blocks) {
    if (block.language === 'text' || block.language === 'csv')
      for (const problem of running.csvProblems(block.text, { line: block.line, column: block.indent + 1 }))
        note(file, 'running example', problem.line, problem.column, problem.message);
    for (const problem of secretArguments(block))
      note(file, 'secret', block.line + problem.line - 1, block.indent + problem.column, problem.message);
    if (!languages.has(block.language)) continue;
    counts[block.language] = (counts[block.language] ?? 0) + 1;
    for (const problem of (CHECKERS[block.language] as (text: string) => ExampleProblem[])(block.text)) {
      note(file, block.language, block.line + problem.line - 1, block.indent + problem.column, problem.message);
    }
  }
}

/** `schema="api:SchemaName"` in a JSON fence's meta. */
const NAMED_SCHEMA = /\bschema="([a-z][\w-]*):([A-Za-z]\w*)"/;

/** A JSON block's value, or why it is not JSON: parsed once for every check of the block. */
function readJson(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The report as a writer reads it: one line per mistake, `file:line:column [language] message`. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${f.file}:${f.line}:${f.column} [${f.language}] ${f.message}`).join('\n');
}

// Not in the workers checkPageShard runs in: they share this process's argv.
if (isMainThread && import.meta.url === `file://${process.argv[1]}`) {
  const siteDir = path.resolve(import.meta.dirname, '..');
  checkAllExamples(siteDir).then(({ findings, counts }) => {
    const summary = Object.entries(counts)
      .map(([language, count]) => `${count} ${language}`)
      .join(', ');
    if (findings.length > 0) {
      console.error(formatFindings(findings));
      const error = new BuildError(
        'BUILD_ERR_EXAMPLE',
        `${findings.length} example mistake${findings.length === 1 ? '' : 's'} in ${summary} examples (listed above; docs/style-guide.md, "Examples").`,
      );
      // The writer needs the list and the code, not this script's stack.
      console.error(error.message);
      process.exit(1);
    }
    console.log(`[examples] checked ${summary} examples: no mistakes`);
  });
}
