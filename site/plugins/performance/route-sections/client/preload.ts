/**
 * Docusaurus's `preload` (@docusaurus/core/lib/client/preload.js), after the route table of the
 * path's section is in place (../index.ts): the first render (clientEntry), every navigation
 * (PendingNavigation) and hover preloads (window.docusaurus) go through here, so no route is
 * matched before its section's routes are attached. The rest is the original, line for line.
 */
import routes from '@generated/routes';
import { ensureRoutes } from '@tala/route-sections';
import { matchRoutes } from 'react-router-config';

export default function preload(pathname: string): Promise<unknown> {
  return ensureRoutes(pathname).then(() => {
    const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((p) => matchRoutes(routes, p));
    return Promise.all(matches.map((match) => match.route.component.preload?.()));
  });
}
