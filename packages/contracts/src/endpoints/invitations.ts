import { okSchema } from '../auth.ts';
import { invitationIdParamsSchema } from '../dealers.ts';
import {
  invitationListQuerySchema,
  invitationListSchema,
  invitationSchema,
  inviteRequestSchema,
  setPasswordRequestSchema,
  tokenInfoSchema,
  tokenQuerySchema,
} from '../invitations.ts';
import { endpoint } from './endpoint.ts';

const tags = ['invitations'];

/** Account-service calls for invitations (spec 01 §7, spec 02 §7). */
export const invitations = {
  invite: endpoint({
    method: 'POST',
    path: '/api/user/invite',
    body: inviteRequestSchema,
    response: invitationSchema,
    status: 201,
    summary: 'Invite an installer to the owner’s dealer (inviting again resends)',
    tags,
  }),
  listPending: endpoint({
    method: 'GET',
    path: '/api/user/token',
    query: invitationListQuerySchema,
    response: invitationListSchema,
    summary: 'Pending invitations of the owner’s dealer',
    tags,
  }),
  resend: endpoint({
    method: 'POST',
    path: '/api/user/invite/:id/resend',
    params: invitationIdParamsSchema,
    response: invitationSchema,
    summary: 'Send a pending invitation again with a new link (the old one stops working)',
    tags,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/api/user/invite/:id',
    params: invitationIdParamsSchema,
    response: invitationSchema,
    summary: 'Revoke a pending invitation of the acting dealer',
    tags,
  }),
  tokenInfo: endpoint({
    method: 'GET',
    path: '/api/user/token-info',
    query: tokenQuerySchema,
    response: tokenInfoSchema,
    summary: 'What a link’s token is for (no auth)',
    tags,
  }),
  setPassword: endpoint({
    method: 'POST',
    path: '/api/user/set-password',
    query: tokenQuerySchema,
    body: setPasswordRequestSchema,
    response: okSchema,
    summary: 'Accept an invitation or finish a registration by choosing a password (no auth)',
    tags,
  }),
  /** The original path had a trailing slash (user/invite/decline/); both answer. */
  decline: endpoint({
    method: 'DELETE',
    path: '/api/user/invite/decline/',
    aliases: ['/api/user/invite/decline'],
    query: tokenQuerySchema,
    response: okSchema,
    summary: 'Decline an invitation (no auth)',
    tags,
  }),
};
