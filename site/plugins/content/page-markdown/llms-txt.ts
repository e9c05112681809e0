/**
 * `llms.txt` and `llms-full.txt` (llmstxt.org): an H1 with the site's name, a summary, then one H2
 * section per top-level sidebar category listing its pages as `[title](markdown URL): description`;
 * the full file holds every listed page's Markdown. One pair per level (policy ONPREM_VARIANT_FILES):
 * the reader's lists public and reader pages only; the on-prem reader's adds the on-prem section.
 * The gate serves each reader the pair of their level.
 */
import type { AllContent } from '@docusaurus/types';
import { type AccessLevel, markdownFileOf, ONPREM_VARIANT_FILES, routeAccess, routeOfPermalink } from '@tala/policy';
import type { MarkdownPage } from '.';

export interface LlmsSection {
  title: string;
  routes: string[];
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

interface SidebarItem {
  type: string;
  label?: string;
  id?: string;
  items?: SidebarItem[];
  link?: { type: string; id?: string };
}

/** The docs' sidebars as sections: each top-level category, its pages depth-first in sidebar order. */
export function sidebarSections(allContent: AllContent): LlmsSection[] {
  const sections: LlmsSection[] = [];
  const instances = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {});
  for (const content of instances) {
    const versions = isObject(content) && Array.isArray(content.loadedVersions) ? content.loadedVersions : [];
    for (const version of versions as Loose[]) {
      const docs = Array.isArray(version.docs) ? (version.docs as Loose[]) : [];
      // Permalinks are written without the trailing slash that the built routes have.
      const permalinkOf = new Map(docs.map((doc) => [String(doc.id), routeOfPermalink(String(doc.permalink))]));
      const routesOf = (item: SidebarItem): string[] => {
        if (item.type === 'doc' || item.type === 'ref') return [permalinkOf.get(String(item.id)) ?? []].flat();
        if (item.type !== 'category') return [];
        const own = item.link?.type === 'doc' ? [permalinkOf.get(String(item.link.id)) ?? []].flat() : [];
        return [...own, ...(item.items ?? []).flatMap(routesOf)];
      };
      const sidebars = isObject(version.sidebars) ? Object.values(version.sidebars) : [];
      for (const items of sidebars as SidebarItem[][]) {
        // A sidebar that is one category (the on-prem one) is split by that category's children,
        // its own loose pages under its label; the main sidebar's loose pages open the file.
        const [only] = items;
        const single = items.length === 1 && only?.type === 'category' ? only : null;
        const tops = single ? (single.items ?? []) : items;
        const loose = single ? routesOf({ ...single, items: [] }) : [];
        const categories: LlmsSection[] = [];
        for (const top of tops) {
          if (top.type === 'category') categories.push({ title: String(top.label), routes: routesOf(top) });
          else loose.push(...routesOf(top));
        }
        if (single) sections.push({ title: String(single.label), routes: loose }, ...categories);
        else sections.unshift({ title: 'Start here', routes: loose }, ...categories);
      }
    }
  }
  return sections.filter((section) => section.routes.length > 0);
}

const LEVEL_ORDER: Record<AccessLevel, number> = { public: 0, reader: 1, onprem: 2 };

/** The llms files of one level: the pages listed are those of that level and below, in sidebar order. */
export function llmsFiles(input: {
  siteTitle: string;
  summary: string;
  siteUrl: string;
  level: 'reader' | 'onprem';
  sections: readonly LlmsSection[];
  pages: ReadonlyMap<string, MarkdownPage>;
}): { index: string; full: string; routes: string[] } {
  const allowed = (route: string) => LEVEL_ORDER[routeAccess(route)] <= LEVEL_ORDER[input.level];
  // The file is relative to the build root: resolved from the site's root, as the route was.
  const markdownUrl = (route: string) => new URL(`/${markdownFileOf(route)}`, input.siteUrl).href;
  const listed = new Set<string>();
  const index = [
    `# ${input.siteTitle}`,
    `> ${input.summary}`,
    'Every page below is Markdown; the same page as HTML is at the address without `index.md`. ' +
      `All of them in one file: ${new URL('llms-full.txt', input.siteUrl).href}. ` +
      'These files need a signed-in reader: an assistant reads them with your session or through the MCP server.',
  ];
  for (const section of input.sections) {
    const entries = section.routes
      .filter((route) => allowed(route) && input.pages.has(route) && !listed.has(route))
      .map((route) => {
        listed.add(route);
        const page = input.pages.get(route) as MarkdownPage;
        const about = page.description.replace(/\s+/g, ' ').trim();
        return `- [${page.title.replace(/[[\]]/g, '')}](${markdownUrl(route)})${about ? `: ${about}` : ''}`;
      });
    if (entries.length > 0) index.push(`## ${section.title}\n\n${entries.join('\n')}`);
  }
  const others = [...input.pages.keys()].filter((route) => allowed(route) && !listed.has(route)).sort();
  if (others.length > 0) {
    index.push(
      `## Other pages\n\n${others
        .map((route) => {
          listed.add(route);
          const page = input.pages.get(route) as MarkdownPage;
          return `- [${page.title.replace(/[[\]]/g, '')}](${markdownUrl(route)})`;
        })
        .join('\n')}`,
    );
  }
  const full = [...listed].map((route) => (input.pages.get(route) as MarkdownPage).markdown.trim());
  return { index: `${index.join('\n\n')}\n`, full: `${full.join('\n\n---\n\n')}\n`, routes: [...listed] };
}

/** Build paths of the llms pair of a level. */
export function llmsPaths(level: 'reader' | 'onprem'): { index: string; full: string } {
  return level === 'reader'
    ? { index: 'llms.txt', full: 'llms-full.txt' }
    : { index: ONPREM_VARIANT_FILES['llms.txt'] as string, full: ONPREM_VARIANT_FILES['llms-full.txt'] as string };
}
