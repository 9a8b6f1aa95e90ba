import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword as verifyBetterAuthHash } from 'better-auth/crypto';

/** scrypt's cost: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet and ASVS 11.4.2 (Appendix C): N = 2^17, r = 8, p = 1 (128 MiB). */
export const OWASP_SCRYPT: ScryptCost = { logN: 17, r: 8, p: 1 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** `$scrypt$ln=17,r=8,p=1$<salt>$<key>`, base64 without padding (the PHC string format). */
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function derive(password: string, salt: Buffer, cost: ScryptCost, bytes: number) {
  const N = 2 ** cost.logN;
  return new Promise<Buffer>((resolve, reject) =>
    // Node's default maxmem (32 MiB) is below what N = 2^17, r = 8 needs (128 · N · r = 128 MiB).
    scrypt(password.normalize('NFKC'), salt, bytes, { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r }, (e, key) =>
      e ? reject(e) : resolve(key),
    ),
  );
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function parse(hash: string) {
  const match = PHC.exec(hash);
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  return {
    cost: { logN: Number(logN), r: Number(r), p: Number(p) },
    salt: Buffer.from(salt!, 'base64'),
    key: Buffer.from(key!, 'base64'),
  };
}

/**
 * Password hashes that name their own cost, so a stronger cost can come later and every stored hash
 * still verifies. Hashes from before (better-auth's `salt:key`, N = 2^14, r = 16) verify too;
 * `isCurrent` says when a hash should be made again from the password just proven (sign-in).
 */
export function createPasswordHasher(cost: ScryptCost = OWASP_SCRYPT) {
  async function hash(password: string) {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, cost, KEY_BYTES);
    return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(key)}`;
  }

  async function verify({ hash: stored, password }: { hash: string; password: string }) {
    const parsed = parse(stored);
    if (!parsed) return stored.includes(':') && verifyBetterAuthHash({ hash: stored, password });
    const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  }

  /** Whether a stored hash has this hasher's cost (or more); if not, the next sign-in makes it again. */
  function isCurrent(stored: string) {
    const parsed = parse(stored);
    return !!parsed && parsed.cost.logN >= cost.logN && parsed.cost.r >= cost.r && parsed.cost.p >= cost.p;
  }

  return { cost, hash, verify, isCurrent };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
