import { directoriesOf } from './client/section-of';

/** A top-level section gets modules of its own from this many page routes; smaller ones stay in the shell. */
export const MIN_SECTION_ROUTES = 10;
/**
 * A module holds at most this many routes, unless one directory alone has more pages. Each route
 * costs the page that loads its module about half a millisecond on a phone (evaluating its
 * loader, matching its path): the reference's 274 routes were 120–240 ms of the TQL manual's
 * blocking time.
 */
export const MAX_MODULE_ROUTES = 64;

/** A module of the route table: the directory prefixes it answers for, and its paths. */
export interface SectionModule {
  /** Directory prefixes ('reference/apis/studio'); the first names the module. */
  keys: string[];
  paths: string[];
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
 * module stay in the shell. Each path is found again by `sectionOf(path, baseUrl, keys)`: its
 * module answers for its longest listed directory prefix.
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
  if (tree.size <= MAX_MODULE_ROUTES) return [{ keys: [tree.prefix.join('/')], paths: allPaths(tree) }];
  const modules: SectionModule[] = [];
  // The directory's own pages open its first module, which also answers for the directory itself.
  let open: SectionModule = { keys: [tree.prefix.join('/')], paths: [...tree.here] };
  for (const child of [...tree.children.values()].sort(byName)) {
    if (child.size > MAX_MODULE_ROUTES) {
      modules.push(...split(child));
      continue;
    }
    if (open.paths.length > 0 && open.paths.length + child.size > MAX_MODULE_ROUTES) {
      modules.push(open);
      open = { keys: [], paths: [] };
    }
    open.keys.push(child.prefix.join('/'));
    open.paths.push(...allPaths(child));
  }
  if (open.paths.length > 0) modules.push(open);
  return modules;
}

function allPaths(tree: Tree): string[] {
  return [...tree.here, ...[...tree.children.values()].sort(byName).flatMap(allPaths)];
}

const byName = (a: Tree, b: Tree) => (a.prefix.join('/') < b.prefix.join('/') ? -1 : 1);
