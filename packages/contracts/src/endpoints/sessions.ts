import { okSchema } from '../auth.ts';
import {
  sessionParamsSchema,
  signedInSessionsSchema,
  userSessionParamsSchema,
  userSessionsParamsSchema,
} from '../sessions.ts';
import { endpoint } from './endpoint.ts';

const tags = ['sessions'];

/** Signed-in sessions (issue 32): a person's own, and an admin's view of a user's. */
export const signedInSessions = {
  list: endpoint({
    method: 'GET',
    path: '/api/sessions',
    response: signedInSessionsSchema,
    summary: 'The signed-in sessions of the person signed in',
    tags,
  }),
  end: endpoint({
    method: 'DELETE',
    path: '/api/sessions/:id',
    params: sessionParamsSchema,
    response: okSchema,
    summary: 'End one of my sessions (404 when it is not mine or already ended)',
    tags,
  }),
  listOfUser: endpoint({
    method: 'GET',
    path: '/api/admin/users/:userId/sessions',
    params: userSessionsParamsSchema,
    response: signedInSessionsSchema,
    summary: 'Admins: the signed-in sessions of a user',
    tags,
  }),
  endOfUser: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:userId/sessions/:id',
    params: userSessionParamsSchema,
    response: okSchema,
    summary: 'Admins: end a session of a user',
    tags,
  }),
};
