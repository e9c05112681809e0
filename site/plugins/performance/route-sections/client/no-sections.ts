/** The server bundle and `docusaurus start` keep Docusaurus's whole route table: nothing to load. */
export function ensureRoutes(_pathname: string): Promise<void> {
  return Promise.resolve();
}

export function hasRoutes(_pathname: string): boolean {
  return true;
}
