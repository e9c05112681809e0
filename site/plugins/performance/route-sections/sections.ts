import { directoriesOf, type ModuleRanges } from './client/section-of';

/** A top-level section gets modules of its own from this many page routes; smaller ones stay in the shell. */
export const MIN_SECTION_ROUTES = 10;
/**
 * A module holds at most this many routes, unless one directory alone has more pages. Each route
 * costs the page that loads its module about half a millisecond on a phone (evaluating its
 * loader, matching its path): the reference's 274 routes were 120–240 ms of the TQL manual's
 * blocking time.
 */
export const MAX_MODULE_ROUTES = 64;

/** A module of the route table: where it is found, and its paths. */
export interface SectionModule {
  /** Its name: the first directory it holds ('reference/apis/studio', 'category/scale1-admin'). */
  name: string;
  /** The split directory it is a part of, and the first child of that directory it holds ('' for its own pages). */
  directory: string;
  from: string;
  paths: string[];
}

/** What the browser looks modules up in (client/section-of.ts `moduleOf`): per split directory, its modules in order. */
export function rangesOf(modules: readonly Pick<SectionModule, 'name' | 'directory' | 'from'>[]): ModuleRanges {
  const ranges: Record<string, [string, string][]> = {};
  for (const { directory, from, name } of modules) {
    ranges[directory] = [...(ranges[directory] ?? []), [from, name]];
  }
  for (const list of Object.values(ranges)) list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return ranges;
}

interface Tree {
  prefix: string[];
  /** Paths exactly in this directory. */
  here: string[];
  children: Map<string, Tree>;
  size: number;
}

/**
 * The page paths' modules. A top-level section from MIN_SECTION_ROUTES pages is split along its
 * directories: a directory with more than MAX_MODULE_ROUTES pages is split again, and smaller
 * sibling directories are packed, in order, into modules of up to MAX_MODULE_ROUTES. Paths in no
 * module stay in the shell. Each path is found again by `moduleOf(path, baseUrl, rangesOf(modules))`.
 */
export function partitionSections(paths: readonly string[], baseUrl: string): SectionModule[] {
  const root: Tree = { prefix: [], here: [], children: new Map(), size: 0 };
  for (const path of paths) {
    let tree = root;
    tree.size++;
    for (const directory of directoriesOf(path, baseUrl)) {
      let child = tree.children.get(directory);
      if (!child) {
        child = { prefix: [...tree.prefix, directory], here: [], children: new Map(), size: 0 };
        tree.children.set(directory, child);
      }
      tree = child;
      tree.size++;
    }
    tree.here.push(path);
  }
  return [...root.children.values()]
    .filter((section) => section.size >= MIN_SECTION_ROUTES)
    .sort(byName)
    .flatMap(split);
}

function split(tree: Tree): SectionModule[] {
  const directory = tree.prefix.join('/');
  if (tree.size <= MAX_MODULE_ROUTES) return [{ name: directory, directory, from: '', paths: allPaths(tree) }];
  const modules: SectionModule[] = [];
  // The directory's own pages open its first module, which also answers for the directory itself.
  let open: SectionModule = { name: directory, directory, from: '', paths: [...tree.here] };
  for (const child of [...tree.children.values()].sort(byName)) {
    if (child.size > MAX_MODULE_ROUTES) {
      modules.push(...split(child));
      continue;
    }
    const name = child.prefix.at(-1) as string;
    if (open.paths.length > 0 && open.paths.length + child.size > MAX_MODULE_ROUTES) {
      modules.push(open);
      open = { name: child.prefix.join('/'), directory, from: name, paths: [] };
    }
    open.paths.push(...allPaths(child));
  }
  if (open.paths.length > 0) modules.push(open);
  return modules;
}

function allPaths(tree: Tree): string[] {
  return [...tree.here, ...[...tree.children.values()].sort(byName).flatMap(allPaths)];
}

const byName = (a: Tree, b: Tree) => (a.prefix.join('/') < b.prefix.join('/') ? -1 : 1);
