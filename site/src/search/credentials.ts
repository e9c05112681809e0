import siteConfig from '@generated/docusaurus.config';
import { sessionStore } from '../session';
import type { SearchCredentials } from '../session/session-store';

/**
 * The reader's search credentials, from /api/session: the secured key with SEARCH_BACKEND=algolia,
 * the portal's own endpoint otherwise. When the session cannot be read, the build's placeholders
 * and the portal as host (the endpoint then answers 401, shown as the error screen).
 */
export async function searchCredentials(): Promise<SearchCredentials> {
  const state = await sessionStore.settled();
  if (state.status === 'signed-in' && state.search) return state.search;
  const { appId, apiKey, indexName } = (
    siteConfig.themeConfig as { algolia: { appId: string; apiKey: string; indexName: string } }
  ).algolia;
  return { appId, apiKey, indexName, hosts: null };
}
