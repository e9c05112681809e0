import type { PhrasingContent, Root, RowContent, Table, TableRow } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { visit } from 'unist-util-visit';
import { BuildError } from '../../plugins/build-errors.ts';
import { TQL_MODEL, type TqlModel } from './check.ts';

/**
 * The TQL data model's tables, generated from model.yaml (the file the TQL checker reads), so a
 * page cannot describe a field the checker does not know, or miss one:
 *
 *   ::tql-table{of="sessions"}       the fields of a range: sessions, transactions, events, annotations
 *   ::tql-table{of="event-types"}    the values of e.type
 */
export default function remarkTqlTables(options: { model?: TqlModel } = {}) {
  const model = options.model ?? TQL_MODEL;
  return (tree: Root, file: { path?: string; value?: unknown }) => {
    // A page whose source names no table is not walked (about 3 s of a 10,000-page build).
    if (typeof file.value === 'string' && !file.value.includes('::tql-table')) return;
    visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
      if (node.name !== 'tql-table' || !parent || index === undefined) return;
      const of = node.attributes?.of ?? '';
      const table = of === 'event-types' ? eventTypesTable(model) : rangeTable(model, of);
      if (!table) {
        const known = [...Object.keys(model.ranges), 'event-types'].join(', ');
        throw new BuildError('BUILD_ERR_EXAMPLE', `::tql-table of="${of}": not one of ${known}`, {
          ...(file.path ? { file: file.path } : {}),
          ...(node.position ? { line: node.position.start.line } : {}),
        });
      }
      parent.children.splice(index, 1, table);
    });
  };
}

function rangeTable(model: TqlModel, of: string): Table | null {
  const range = model.ranges[of];
  if (!range) return null;
  const rows = Object.entries(range.fields).map(([name, field]) =>
    row([
      [code(`${range.letter}.${name}${field.named ? '.NAME' : ''}`)],
      [text(field.type)],
      inline(field.description),
    ]),
  );
  return table(['Field', 'Type', 'Description'], rows);
}

function eventTypesTable(model: TqlModel): Table {
  const rows = Object.entries(model.eventTypes).map(([type, when]) => row([[code(type)], inline(when)]));
  return table(['Event type', 'Recorded when'], rows);
}

/** A description's Markdown (code spans, links) as table-cell content. */
function inline(markdown: string): PhrasingContent[] {
  const first = fromMarkdown(markdown).children[0];
  return first?.type === 'paragraph' ? first.children : [text(markdown)];
}

const text = (value: string): PhrasingContent => ({ type: 'text', value });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const row = (cells: PhrasingContent[][]): TableRow => ({
  type: 'tableRow',
  children: cells.map((children): RowContent => ({ type: 'tableCell', children })),
});
const table = (headings: string[], rows: TableRow[]): Table => ({
  type: 'table',
  align: headings.map(() => null),
  children: [row(headings.map((heading) => [text(heading)])), ...rows],
});
