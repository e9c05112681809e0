/** Routes and files the portal itself names: every consumer imports them from here, none spells them. */
export const LOGIN_ROUTE = '/Login/';
export const FORBIDDEN_ROUTE = '/403/';
export const SEARCH_ROUTE = '/search/';
/** Docusaurus writes the not-found page once, at the root, not as a route's index.html. */
export const NOT_FOUND_FILE = '404.html';

/**
 * Seed paths that moved into the on-prem section: their category pages list on-prem page titles,
 * so they live in the on-prem docs instance and the seed path answers 301 (routes.txt `alias=`).
 */
export const ROUTE_ALIASES: Readonly<Record<string, string>> = {
  '/category/common/': '/on-prem/category/common/',
  '/category/manager/': '/on-prem/category/manager/',
  '/category/oauth2/': '/on-prem/category/oauth2/',
  '/category/on-prem/': '/on-prem/category/on-prem/',
};

/**
 * The MCP server (Streamable HTTP) and the OAuth 2.1 endpoints of its authorization server
 * (server/src/mcp/): the MCP specification's discovery finds them from the metadata documents.
 */
export const MCP_ROUTES = Object.freeze({
  mcp: '/mcp',
  consent: '/mcp/consent/',
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  register: '/oauth/register',
  revoke: '/oauth/revoke',
  authorizationServerMetadata: '/.well-known/oauth-authorization-server',
  protectedResourceMetadata: '/.well-known/oauth-protected-resource/mcp',
});
