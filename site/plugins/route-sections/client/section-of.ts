/**
 * The section of a path: its first segment after the base URL ('' for the home page and other
 * top-level pages). The build splits the route table by it (../split.ts) and the browser loads
 * the table a path needs by it (the generated loader imports this file).
 */
export function sectionOf(pathname: string, baseUrl: string): string {
  const rest = pathname.startsWith(baseUrl) ? pathname.slice(baseUrl.length) : pathname.replace(/^\//, '');
  const slash = rest.indexOf('/');
  return slash === -1 ? '' : rest.slice(0, slash);
}
