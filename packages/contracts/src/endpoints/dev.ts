import { outboxQuerySchema, outboxSchema } from '../outbox.ts';
import { endpoint } from './endpoint.ts';

/** Demo mode only (the server registers these nowhere else). */
export const dev = {
  outbox: endpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    query: outboxQuerySchema,
    response: outboxSchema,
    summary: 'Demo mode: the mail and SMS outbox (all of it on this machine, else this browser’s own)',
    tags: ['demo'],
  }),
};
