import { okSchema } from '../auth.ts';
import {
  accountUserSchema,
  changeEmailAcceptedSchema,
  changeEmailRequestSchema,
  changeEmailTokenRequestSchema,
  droneProfileResponseSchema,
  emailResendRequestSchema,
  registerRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
  verifyEmailQuerySchema,
} from '../accounts.ts';
import { endpoint } from './endpoint.ts';

const tags = ['accounts'];

/** Registration, e-mail confirmation and change, and the account-service calls (spec 01 §1, §7). */
export const accounts = {
  register: endpoint({
    method: 'POST',
    path: '/api/user/register',
    body: registerRequestSchema,
    response: okSchema,
    summary: 'Create a consumer account; the same answer whether or not the e-mail is registered',
    tags,
  }),
  resendSignUpEmail: endpoint({
    method: 'POST',
    path: '/api/user/email-resend',
    body: emailResendRequestSchema,
    response: okSchema,
    summary: 'Send the sign-up e-mail again (no auth; the same answer for every e-mail)',
    tags,
  }),
  /** The link of the sign-up e-mail (better-auth builds it on its base path): a page, not a call. */
  verifyEmail: endpoint({
    method: 'GET',
    path: '/api/auth/verify-email',
    query: verifyEmailQuerySchema,
    status: 302,
    answers: 'redirect',
    summary: 'The sign-up e-mail link: confirms the e-mail and redirects to /login?verified=1 (or 0)',
    tags,
  }),
  requestEmailChange: endpoint({
    method: 'POST',
    path: '/api/user/change-email',
    body: changeEmailRequestSchema,
    response: okSchema,
    summary: 'Ask to change the sign-in e-mail: a link to the new address, a notice to the old one',
    tags,
  }),
  acceptEmailChange: endpoint({
    method: 'POST',
    path: '/api/user/change-email/accept',
    body: changeEmailTokenRequestSchema,
    response: changeEmailAcceptedSchema,
    summary: 'Confirm the new e-mail (no auth: the token is the proof); every session ends',
    tags,
  }),
  declineEmailChange: endpoint({
    method: 'POST',
    path: '/api/user/change-email/decline',
    body: changeEmailTokenRequestSchema,
    response: okSchema,
    summary: 'Cancel a pending e-mail change from the old address (no auth)',
    tags,
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/api/user/:id',
    params: userIdParamsSchema,
    response: accountUserSchema,
    summary: 'A user: yourself, or anyone for an admin (spec 01 §7)',
    tags,
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/api/user/:id',
    params: userIdParamsSchema,
    body: updateUserRequestSchema,
    response: accountUserSchema,
    summary: 'Update first_name, last_name or phone_number of a user (spec 01 §7)',
    tags,
  }),
  /** The original client's user/ and user without an id: the spec's detail, not a 404 (spec 01 §7). */
  getUserWithoutId: endpoint({
    method: 'GET',
    path: '/api/user',
    aliases: ['/api/user/'],
    summary: 'Without a user id: 400',
    tags,
  }),
  updateUserWithoutId: endpoint({
    method: 'PATCH',
    path: '/api/user',
    aliases: ['/api/user/'],
    summary: 'Without a user id: 400',
    tags,
  }),
  droneProfile: endpoint({
    method: 'GET',
    path: '/api/get-user-drone-profile',
    response: droneProfileResponseSchema,
    summary: 'The drone profile and permission groups of the signed-in user (spec 01 §7)',
    tags,
  }),
};
