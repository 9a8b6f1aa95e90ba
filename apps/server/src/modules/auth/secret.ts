import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { sharedSecret } from './repo.ts';

/**
 * The secret that signs session cookies and encrypts TOTP secrets. AUTH_SECRET wins; otherwise
 * one is made on first start and kept in the database, so every instance sharing the database
 * signs alike and a restart keeps everyone signed in.
 */
export async function getAuthSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  return sharedSecret(db, 'auth', () => randomBytes(32).toString('base64url'));
}
