import { LRUCache } from 'lru-cache';
import { Sealer } from './sealer.ts';
import type { SessionSettings } from './settings.ts';

/** What the portal keeps of a signed-in reader: no tokens, only what the gate needs. */
export interface Session {
  /** Random id of this sign-in: what logout revokes (revocations.ts). */
  readonly sid: string;
  /** Subject at the identity provider. */
  readonly sub: string;
  readonly name: string | null;
  /** `preferred_username` (the sign-in e-mail at Entra ID). */
  readonly username: string | null;
  readonly roles: readonly string[];
  /** Sign-in time, seconds since the epoch: the absolute lifetime counts from here. */
  readonly authTime: number;
  /** Last refresh, seconds since the epoch: the idle timeout counts from here. */
  readonly lastSeen: number;
  /** When the provider last vouched for the roles (sign-in): SESSION_ROLE_TTL counts from here. */
  readonly rolesAt: number;
}

/** The session cookie's value (see Sealer): stateless, so replicas behind a load balancer just work. */
export class SessionCodec {
  private readonly sealer: Sealer;
  /**
   * Cookies already opened, by their exact value. A page view brings the same sealed value with
   * each of its requests; decrypting it every time was the largest cost of a signed-in read after
   * file I/O (bench/hardening). Only values that opened are kept, so garbage cannot fill it; the
   * lifetime limits are checked again on every hit, and revocation is checked by the caller.
   */
  private readonly opened = new LRUCache<string, Session>({ max: 10_000, ttl: 5 * 60_000 });

  readonly settings: SessionSettings;

  constructor(settings: SessionSettings) {
    this.settings = settings;
    this.sealer = new Sealer(settings.secrets, 'tala-docs session');
  }

  /** The earlier of the absolute and the idle limit. */
  expiresAt(session: Session): number {
    return Math.min(session.authTime + this.settings.maxAge, session.lastSeen + this.settings.idleTimeout);
  }

  seal(session: Session): Promise<string> {
    return this.sealer.seal(
      {
        sid: session.sid,
        sub: session.sub,
        name: session.name,
        username: session.username,
        roles: [...session.roles],
        auth_time: session.authTime,
        last_seen: session.lastSeen,
        roles_at: session.rolesAt,
      },
      this.expiresAt(session),
    );
  }

  async open(token: string | undefined, now = Math.floor(Date.now() / 1000)): Promise<Session | null> {
    const known = token === undefined ? undefined : this.opened.get(token);
    if (known) return this.expiresAt(known) > now ? known : null;
    const session = await this.decrypt(token, now);
    if (session !== null && token !== undefined) this.opened.set(token, session);
    return session;
  }

  private async decrypt(token: string | undefined, now: number): Promise<Session | null> {
    const payload = await this.sealer.open(token, now);
    if (!payload) return null;
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    const session: Session = {
      sid: text(payload.sid) ?? '',
      sub: text(payload.sub) ?? '',
      name: text(payload.name),
      username: text(payload.username),
      roles: Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [],
      authTime: Number(payload.auth_time),
      lastSeen: Number(payload.last_seen),
      rolesAt: Number(payload.roles_at),
    };
    // A cookie without a session id (sealed before logout could revoke) cannot be ended: refused.
    if (!session.sid || !session.sub || ![session.authTime, session.lastSeen, session.rolesAt].every(Number.isFinite)) {
      return null;
    }
    // Checked again so that a shorter SESSION_MAX_AGE or SESSION_IDLE_TIMEOUT applies at once.
    return this.expiresAt(session) > now ? session : null;
  }
}
