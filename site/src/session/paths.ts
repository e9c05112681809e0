import { isOnpremRoute } from '@tala/policy';

/** The route of an address path, without the deployment's pages prefix. */
export function routeOf(pathname: string, pagesPrefix: string): string {
  return pagesPrefix !== '' && pathname.startsWith(`${pagesPrefix}/`) ? pathname.slice(pagesPrefix.length) : pathname;
}

export function isOnpremPath(pathname: string, pagesPrefix: string): boolean {
  return isOnpremRoute(routeOf(pathname, pagesPrefix));
}
