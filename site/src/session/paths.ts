import { routeLevel, routeOf } from '@tala/policy';

/** Whether an address (pages prefix included) leads to an on-prem page, aliases followed as the gate follows them. */
export function isOnpremPath(pathname: string, pagesPrefix: string): boolean {
  return routeLevel(routeOf(pathname, pagesPrefix)) === 'onprem';
}
