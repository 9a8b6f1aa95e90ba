import { z } from 'zod';
import { activityEventSchema, listPageSchema } from './dealers.ts';

/**
 * GET /api/my-business/activity, each entry with what happened in words (issue 15 §13): the
 * server describes every kind of call ('Added items to the cart'), so a dealer never reads
 * 'POST /api/products-checkout/create-b2b (200)'. Method, path and status stay for support.
 */
export const describedActivityEventSchema = activityEventSchema.extend({ description: z.string() });
export type DescribedActivityEvent = z.infer<typeof describedActivityEventSchema>;
export const describedActivityListSchema = listPageSchema(describedActivityEventSchema);
export type DescribedActivityList = z.infer<typeof describedActivityListSchema>;
