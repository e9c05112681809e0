/**
 * The directories of a path after the base URL: '/reference/apis/x/' → ['reference', 'apis', 'x'];
 * what follows the last slash is a page, not a directory ('/user-journeys' → []).
 */
export function directoriesOf(pathname: string, baseUrl: string): string[] {
  const rest = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.replace(/^\//, '');
  return rest.split('/').slice(0, -1);
}

/**
 * The section of a path: the longest of `sections` (directory prefixes joined by '/') that holds
 * it, '' for the shell. The build partitions the route table into those sections (../sections.ts)
 * and the browser loads the table a path needs by it (the generated loader imports this file).
 */
export function sectionOf(pathname: string, baseUrl: string, sections: Readonly<Record<string, unknown>>): string {
  const directories = directoriesOf(pathname, baseUrl);
  for (let depth = directories.length; depth > 0; depth--) {
    const prefix = directories.slice(0, depth).join('/');
    if (Object.hasOwn(sections, prefix)) return prefix;
  }
  return '';
}
