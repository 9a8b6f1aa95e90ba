import path from 'node:path';
import { z } from 'zod';
import { SITES } from '@portal/contracts';

/** Every environment variable the server reads, parsed once (CONVENTIONS 6). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE: z.enum(SITES).default('us'),
  OTHER_SITE_URL: z.url().default('https://ca.dealerportal.example'),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Dealer Portal <no-reply@dealerportal.example>'),
  CONTACT_INBOX: z.email().default('support@dealerportal.example'),
  WEB_DIST: z.string().optional(),
  SEED: z.enum(['auto', 'never']).default('auto'),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
