import { z } from 'zod';

/** GET /api/dev/outbox (demo mode only): what the portal would have mailed or texted. */
export const outboxSchema = z.object({
  mail: z.array(
    z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }),
  ),
  sms: z.array(z.object({ id: z.string(), to: z.string(), body: z.string(), createdAt: z.string() })),
  /**
   * 'all': the reader is on the server's own machine and sees every message; 'this-browser': only the
   * messages this browser's own sign-ins left for it (docs/security.md, "Demo mailbox").
   */
  scope: z.enum(['all', 'this-browser']),
});
export type Outbox = z.infer<typeof outboxSchema>;

export const outboxQuerySchema = z.object({
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
