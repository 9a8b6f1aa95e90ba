import { createHmac } from 'node:crypto';

// Shared by the server tests and the e2e journeys (e2e/account.spec.ts, e2e/sign-in.spec.ts): one
// authenticator for both, and one memory of the codes a process has used.

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) for a Base32 secret: what an authenticator app shows. */
export function totp(base32Secret: string, at = Date.now(), stepSeconds = 30): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const hmac = createHmac('sha1', key).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

const usedCodes = new Set<string>();

/**
 * A sign-in code the server has not yet taken from this process: a code signs in once (ASVS 6.5.1)
 * and the server accepts the step before and after the current one, so a second use within the same
 * 30 s takes the next step's code, a third the previous step's while at least 10 s of this step are
 * left (so it is still accepted when the server checks it); otherwise it waits for the next step.
 */
export async function unusedTotp(base32Secret: string): Promise<string> {
  for (;;) {
    const leftInStep = 30_000 - (Date.now() % 30_000);
    for (const offset of leftInStep >= 10_000 ? [0, 30_000, -30_000] : [0, 30_000]) {
      const code = totp(base32Secret, Date.now() + offset);
      if (!usedCodes.has(`${base32Secret}:${code}`)) {
        usedCodes.add(`${base32Secret}:${code}`);
        return code;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
