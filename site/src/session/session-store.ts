/**
 * The signed-in state on the client, from `GET /api/session` (the server is the authority; this
 * only drives the user menu and the role check before in-app navigation to /on-prem/).
 * Framework-free, so it can be tested without a browser; `./hooks` adapts it to React.
 */
import { mayAccess, ROLES } from '@tala/policy';

/** Where and how this reader searches (`search` of /api/session; src/search uses it). */
export interface SearchCredentials {
  appId: string;
  apiKey: string;
  indexName: string;
  /** Search hosts as absolute URLs; null: the portal itself answers (embedded engine). */
  hosts: readonly string[] | null;
  /** When the key ends (Unix seconds): Algolia secured keys only. */
  validUntil?: number;
}

export type SessionState =
  | { status: 'loading' }
  | {
      status: 'signed-in';
      name: string | null;
      username: string | null;
      roles: readonly string[];
      search?: SearchCredentials | null;
    }
  | { status: 'signed-out' }
  /** The session endpoint could not be read (network, server error): roles stay empty (spec/seed.md §8). */
  | { status: 'unknown' };

/** Build-time rendering treats the reader as signed in with the on-prem role (spec/seed.md §4, AUTH-09). */
export const SERVER_RENDER_STATE: SessionState = {
  status: 'signed-in',
  name: null,
  username: null,
  roles: [ROLES.reader, ROLES.onprem],
};

/** The policy's one role check, on what the session endpoint said. */
export function hasOnpremRole(state: SessionState): boolean {
  return state.status === 'signed-in' && mayAccess(state, 'onprem');
}

type Fetch = (url: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

export async function fetchSession(fetchImpl: Fetch, pagesPrefix: string, logger = console): Promise<SessionState> {
  try {
    const response = await fetchImpl(`${pagesPrefix}/api/session`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (response.status === 401) return { status: 'signed-out' };
    if (!response.ok) throw new Error(`GET /api/session answered ${response.status}`);
    const body = (await response.json()) as { name?: unknown; username?: unknown; roles?: unknown; search?: unknown };
    return {
      status: 'signed-in',
      name: typeof body.name === 'string' ? body.name : null,
      username: typeof body.username === 'string' ? body.username : null,
      roles: Array.isArray(body.roles) ? body.roles.filter((r): r is string => typeof r === 'string') : [],
      search: searchCredentialsOf(body.search),
    };
  } catch (error) {
    logger.error('Could not read the session; roles stay empty', error);
    return { status: 'unknown' };
  }
}

function searchCredentialsOf(value: unknown): SearchCredentials | null {
  const v = value as Partial<SearchCredentials> | null | undefined;
  if (!v || typeof v.appId !== 'string' || typeof v.apiKey !== 'string' || typeof v.indexName !== 'string') return null;
  const hosts = Array.isArray(v.hosts) ? v.hosts.filter((h): h is string => typeof h === 'string') : null;
  return {
    appId: v.appId,
    apiKey: v.apiKey,
    indexName: v.indexName,
    hosts: hosts && hosts.length > 0 ? hosts : null,
    ...(Number.isFinite(v.validUntil) ? { validUntil: v.validUntil } : {}),
  };
}

type Listener = () => void;

/** A tiny observable holding the latest session state. */
export class SessionStore {
  private state: SessionState = { status: 'loading' };
  private readonly listeners = new Set<Listener>();
  private pending: Promise<SessionState> | null = null;

  constructor(
    private readonly load: () => Promise<SessionState>,
    private readonly onSignedOut: () => void = () => {},
  ) {}

  get(): SessionState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Loads (or reloads) the session. A reader who was signed in and no longer is: `onSignedOut`. */
  refresh(): Promise<SessionState> {
    this.pending ??= this.load().then((next) => {
      const wasSignedIn = this.state.status === 'signed-in';
      this.state = next;
      this.pending = null;
      for (const listener of this.listeners) listener();
      if (wasSignedIn && next.status === 'signed-out') this.onSignedOut();
      return next;
    });
    return this.pending;
  }

  /** The current state once it is known (waits for the first load). */
  settled(): Promise<SessionState> {
    return this.state.status === 'loading' ? this.refresh() : Promise.resolve(this.state);
  }
}
