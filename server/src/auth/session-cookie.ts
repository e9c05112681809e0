import { Sealer } from './sealer.ts';
import type { SessionSettings } from './settings.ts';

/** What the portal keeps of a signed-in reader: no tokens, only what the gate needs. */
export interface Session {
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
}

/** The session cookie's value (see Sealer): stateless, so replicas behind a load balancer just work. */
export class SessionCodec {
  private readonly sealer: Sealer;

  constructor(readonly settings: SessionSettings) {
    this.sealer = new Sealer(settings.secrets, 'tala-docs session');
  }

  /** The earlier of the absolute and the idle limit. */
  expiresAt(session: Session): number {
    return Math.min(session.authTime + this.settings.maxAge, session.lastSeen + this.settings.idleTimeout);
  }

  seal(session: Session): Promise<string> {
    return this.sealer.seal(
      {
        sub: session.sub,
        name: session.name,
        username: session.username,
        roles: [...session.roles],
        auth_time: session.authTime,
        last_seen: session.lastSeen,
      },
      this.expiresAt(session),
    );
  }

  async open(token: string | undefined, now = Math.floor(Date.now() / 1000)): Promise<Session | null> {
    const payload = await this.sealer.open(token, now);
    if (!payload) return null;
    const text = (v: unknown) => (typeof v === 'string' ? v : null);
    const session: Session = {
      sub: text(payload.sub) ?? '',
      name: text(payload.name),
      username: text(payload.username),
      roles: Array.isArray(payload.roles) ? payload.roles.filter((r): r is string => typeof r === 'string') : [],
      authTime: Number(payload.auth_time),
      lastSeen: Number(payload.last_seen),
    };
    if (!session.sub || !Number.isFinite(session.authTime) || !Number.isFinite(session.lastSeen)) return null;
    // Checked again so that a shorter SESSION_MAX_AGE or SESSION_IDLE_TIMEOUT applies at once.
    return this.expiresAt(session) > now ? session : null;
  }
}
