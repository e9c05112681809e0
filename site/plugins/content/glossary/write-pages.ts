/**
 * The glossary published from the domain model (the repository's docs/glossary.md, which writers
 * keep; docs/style-guide.md): runs before `docusaurus build` (site/package.json), as the API
 * reference generator does, and writes two pages the build then treats like any other:
 * - docs/reference/glossary.md (/reference/glossary/): every section but those marked
 *   `<!-- access: onprem -->`;
 * - on-prem/glossary.md (/on-prem/glossary/): the marked sections, in the gated on-prem section.
 * Only what follows the file's "publishes this file from here on" comment is published (its
 * title and the writers' instructions stay in the repository). Neither page is committed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BuildError } from '../../build-errors';

const SITE = path.resolve(__dirname, '../../..');
export const GLOSSARY_SOURCE = path.resolve(SITE, '../docs/glossary.md');
export const READER_PAGE = path.join(SITE, 'docs/reference/glossary.md');
export const ONPREM_PAGE = path.join(SITE, 'on-prem/glossary.md');

const START = /^<!-- The site publishes this file from here on\b.*-->$/m;
const ONPREM = '<!-- access: onprem -->';

export interface GlossarySections {
  /** Text before the first `## ` section (the overview of how the terms relate starts there). */
  lead: string;
  reader: string[];
  onprem: string[];
}

/** The published part of the glossary, split into `## ` sections by access. */
export function splitGlossary(markdown: string): GlossarySections {
  const start = START.exec(markdown);
  if (!start) {
    throw new BuildError('BUILD_ERR_GLOSSARY', 'the "publishes this file from here on" comment is missing', {
      file: 'docs/glossary.md',
    });
  }
  const published = markdown.slice(start.index + start[0].length).trim();
  const [lead = '', ...sections] = published.split(/^(?=## )/m);
  const sectionList = sections.map((s) => s.trim());
  return {
    lead: lead.trim(),
    reader: sectionList.filter((s) => !s.includes(ONPREM)),
    onprem: sectionList
      .filter((s) => s.includes(ONPREM))
      .map((s) => s.replace(`${ONPREM}\n\n`, '').replace(ONPREM, '')),
  };
}

const frontMatter = (fields: Record<string, unknown>) =>
  ['---', ...Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`), '---', ''].join('\n');

export function glossaryPages(markdown: string): { reader: string; onprem: string } {
  const { lead, reader, onprem } = splitGlossary(markdown);
  const reading = frontMatter({
    title: 'Glossary',
    description: 'The terms of Tala and its docs, what each means and how they relate.',
    keywords: [
      'what does this term mean',
      'tala terminology',
      'definition of a solution',
      'difference between session and login session',
    ],
    sidebar_position: 90,
  });
  const readerPage = [
    reading,
    'Every page of these docs, every API reference and every example uses these terms with these meanings. Terms are grouped by what you do with them; the first section shows how they relate.',
    '',
    lead,
    '',
    ...reader.flatMap((section) => [section, '']),
  ].join('\n');
  const onpremPage = [
    frontMatter({
      title: 'Glossary: self-hosted installations',
      description: 'The terms of administering a self-hosted Tala installation with Tala Manager.',
      keywords: [
        'manager access model terms',
        'what is a settings map',
        'manager roles list',
        'oauth2 api client meaning',
      ],
      sidebar_position: 95,
    }),
    'The terms of administering a self-hosted installation. The rest of the vocabulary is in the [Glossary](/reference/glossary/).',
    '',
    ...onprem.flatMap((section) => [section, '']),
  ].join('\n');
  return { reader: readerPage, onprem: onpremPage };
}

export function writeGlossaryPages(): void {
  const pages = glossaryPages(readFileSync(GLOSSARY_SOURCE, 'utf8'));
  for (const [file, text] of [
    [READER_PAGE, pages.reader],
    [ONPREM_PAGE, pages.onprem],
  ] as const) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

if (require.main === module) {
  writeGlossaryPages();
  console.log('[tala] glossary: /reference/glossary/ and /on-prem/glossary/ written from docs/glossary.md');
}
