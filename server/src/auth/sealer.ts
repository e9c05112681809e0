import { createHash, hkdfSync } from 'node:crypto';
import { decodeProtectedHeader, EncryptJWT, type JWTPayload, jwtDecrypt } from 'jose';

/** The only algorithms a sealed value may name: direct key agreement, AES-256-GCM. */
const ALG = 'dir';
const ENC = 'A256GCM';

interface Key {
  kid: string;
  /**
   * Imported once: handing jose the raw bytes makes it import a WebCrypto key on every call,
   * which was the largest cost of a signed-in page view (bench/hardening).
   */
  key: Promise<CryptoKey>;
}

/**
 * Encrypted and authenticated cookie values: JWE compact (`dir`, A256GCM) with keys derived from
 * the configured secrets by HKDF-SHA256, one key per purpose (session, login transaction), so a
 * value of one kind can never be read as the other. The first secret seals; every secret opens
 * (rotation: add the new secret first, drop the old one after the longest session lifetime).
 */
export class Sealer {
  private readonly keys: Key[];
  private readonly purpose: string;

  constructor(secrets: readonly string[], purpose: string) {
    this.purpose = purpose;
    this.keys = secrets.map((secret) => {
      const raw = new Uint8Array(hkdfSync('sha256', secret, 'tala-docs', `${purpose} A256GCM`, 32));
      return {
        kid: createHash('sha256').update(raw).digest('base64url').slice(0, 8),
        key: crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']),
      };
    });
    if (this.keys.length === 0) throw new Error('Sealer needs at least one secret');
  }

  async seal(payload: JWTPayload, expiresAt: number): Promise<string> {
    const { kid, key } = this.keys[0] as Key;
    return new EncryptJWT(payload)
      .setProtectedHeader({ alg: ALG, enc: ENC, kid })
      .setIssuer(this.purpose)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .encrypt(await key);
  }

  /**
   * The payload, or null for anything absent, malformed, tampered, expired, sealed with an unknown
   * key or with other algorithms. The value comes from the client, so every failure to open it is
   * "not ours" (never an error): a header swapped to `A128GCM` made WebCrypto throw a TypeError
   * that became a 500 on every route. The algorithms are pinned twice: here,
   * before a key is touched, and in jwtDecrypt's own allow-lists.
   */
  async open(token: string | undefined, now = Math.floor(Date.now() / 1000)): Promise<JWTPayload | null> {
    if (!token || token.length > 8192) return null;
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      return null;
    }
    if (header.alg !== ALG || header.enc !== ENC) return null;
    const key = this.keys.find((k) => k.kid === header.kid);
    if (!key) return null;
    try {
      const { payload } = await jwtDecrypt(token, await key.key, {
        issuer: this.purpose,
        currentDate: new Date(now * 1000),
        keyManagementAlgorithms: [ALG],
        contentEncryptionAlgorithms: [ENC],
      });
      return payload;
    } catch {
      return null;
    }
  }
}
