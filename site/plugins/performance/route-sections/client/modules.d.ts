/** The section loader (../index.ts): generated for the production client bundle, no-sections.ts elsewhere. */
declare module '@tala/route-sections' {
  export function ensureRoutes(pathname: string): Promise<void>;
  export function hasRoutes(pathname: string): boolean;
}
