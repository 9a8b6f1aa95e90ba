import { healthSchema, readinessSchema } from '../health.ts';
import { endpoint } from './endpoint.ts';

const tags = ['health'];

/** Liveness (the process answers) and readiness (the database answers), for the orchestrator. */
export const health = {
  live: endpoint({
    method: 'GET',
    path: '/healthz',
    response: healthSchema,
    hide: true,
    summary: 'Liveness: the process answers',
    tags,
  }),
  ready: endpoint({
    method: 'GET',
    path: '/readyz',
    response: readinessSchema,
    otherResponses: { 503: readinessSchema },
    hide: true,
    summary: 'Readiness: 200 when the database answers, else 503',
    tags,
  }),
};
