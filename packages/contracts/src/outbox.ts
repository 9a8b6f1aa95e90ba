import { z } from 'zod';

/** GET /api/dev/outbox (demo mode only): what the portal would have mailed or texted. */
export const outboxSchema = z.object({
  mail: z.array(
    z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() }),
  ),
  sms: z.array(z.object({ id: z.string(), to: z.string(), body: z.string(), createdAt: z.string() })),
});
export type Outbox = z.infer<typeof outboxSchema>;

export const outboxQuerySchema = z.object({
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
