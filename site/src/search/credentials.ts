import siteConfig from '@generated/docusaurus.config';
import { sessionStore } from '../session';
import type { SearchCredentials, SessionState } from '../session/session-store';

/** The build's placeholders, with the portal as host (the endpoint then answers 401). */
function placeholders(): SearchCredentials {
  const { appId, apiKey, indexName } = (
    siteConfig.themeConfig as { algolia: { appId: string; apiKey: string; indexName: string } }
  ).algolia;
  return { appId, apiKey, indexName, hosts: null };
}

const credentialsOf = (state: SessionState) => (state.status === 'signed-in' && state.search) || null;

/**
 * The reader's search credentials, from /api/session: the secured key with SEARCH_BACKEND=algolia,
 * the portal's own endpoint otherwise. When the session cannot be read, the build's placeholders.
 */
export async function searchCredentials(): Promise<SearchCredentials> {
  return credentialsOf(await sessionStore.settled()) ?? placeholders();
}

/**
 * Reads /api/session again, for a new key. Null when the reader is no longer signed in: the
 * session store then reloads the page into the login screen.
 */
export async function renewSearchCredentials(): Promise<SearchCredentials | null> {
  return credentialsOf(await sessionStore.refresh());
}
