import { z } from 'zod';

/** spec 01 §8: the two error shapes the client reads. */
export const detailErrorSchema = z.object({
  detail: z.string(),
  /** What kind of failure, where the client acts on it (spec 02 §8: PAYMENT_ERROR, PARTIAL_PAYMENT_NOT_ALLOWED). */
  code: z.string().optional(),
  /** spec 02 §3 failed cart items: the lines of a purchase that could not be bought, by device (issue 30). */
  failed_items: z.array(z.object({ device_key: z.string(), detail: z.string() })).optional(),
});
export const validationErrorSchema = z.object({
  validation: z.array(z.object({ field: z.string(), messages: z.array(z.string()) })),
});
export type DetailError = z.infer<typeof detailErrorSchema>;
export type ValidationError = z.infer<typeof validationErrorSchema>;
export type ApiErrorBody = Partial<DetailError & ValidationError>;

/** Any error answer: one message or field errors. Declared on every route's 4xx responses. */
export const apiErrorSchema = z.union([detailErrorSchema, validationErrorSchema]);
