/**
 * The directories of a path after the base URL: '/reference/apis/x/' → ['reference', 'apis', 'x'];
 * what follows the last slash is a page, not a directory ('/user-journeys' → []).
 */
export function directoriesOf(pathname: string, baseUrl: string): string[] {
  const rest = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.replace(/^\//, '');
  return rest.split('/').slice(0, -1);
}

/**
 * Where the route table's modules are, by directory: for each directory the build split
 * (../sections.ts), its modules in order, each the first child directory it holds ('' for the
 * directory's own pages) and its name. One entry a module, not a directory: a directory of 1,000
 * pages that are each a directory of their own ('/category/x/') costs 16 entries, not 1,000.
 */
export type ModuleRanges = Readonly<Record<string, readonly (readonly [from: string, name: string])[]>>;

/**
 * The module that holds a path's route, '' for the shell: the deepest split directory that holds
 * the path, then the last of its modules whose first child is not after the path's child there.
 * The build partitions the route table (../sections.ts) and the browser loads the module a path
 * needs by it (the generated loader imports this file).
 */
export function moduleOf(pathname: string, baseUrl: string, ranges: ModuleRanges): string {
  const directories = directoriesOf(pathname, baseUrl);
  for (let depth = directories.length; depth > 0; depth--) {
    const directory = directories.slice(0, depth).join('/');
    if (!Object.hasOwn(ranges, directory)) continue;
    const modules = ranges[directory] ?? [];
    const child = directories[depth] ?? '';
    let found = '';
    for (const [from, name] of modules) {
      if (from > child) break;
      found = name;
    }
    return found;
  }
  return '';
}
