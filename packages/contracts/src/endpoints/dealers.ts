import { describedActivityListSchema } from '../activity.ts';
import { userInfoSchema } from '../business-partners.ts';
import {
  activityQuerySchema,
  dealerIdParamsSchema,
  dealerListSchema,
  dealerSchema,
  dealerUpdateSchema,
  installerIdParamsSchema,
  installerListSchema,
  installerSchema,
  installersQuerySchema,
  installerUpdateSchema,
  updateUserPermissionsSchema,
} from '../dealers.ts';
import { endpoint } from './endpoint.ts';

const tags = ['dealers'];

/** Dealers and installers (spec 02 §7) and the impersonation activity of /my-business (issue 5). */
export const dealers = {
  list: endpoint({
    method: 'GET',
    path: '/api/dealers',
    response: dealerListSchema,
    summary: 'The dealer the session acts for (a list of at most one)',
    tags,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/dealers/:id',
    params: dealerIdParamsSchema,
    response: dealerSchema,
    summary: 'The acting dealer by id (any other id: 404)',
    tags,
  }),
  listInstallers: endpoint({
    method: 'GET',
    path: '/api/dealers/:id/installers',
    params: dealerIdParamsSchema,
    query: installersQuerySchema,
    response: installerListSchema,
    summary: 'Staff of the acting dealer: owner, retired and purchaser flags (limit ≤ 80, offset)',
    tags,
  }),
  updateInstaller: endpoint({
    method: 'PATCH',
    path: '/api/installer/:id',
    params: installerIdParamsSchema,
    body: installerUpdateSchema,
    response: installerSchema,
    summary: 'Set an installer’s purchasing rights or retirement (the dealer’s owner)',
    tags,
  }),
  updateDealer: endpoint({
    method: 'PATCH',
    path: '/api/dealer/:id',
    params: dealerIdParamsSchema,
    body: dealerUpdateSchema,
    response: dealerSchema,
    summary: 'Update the dealer profile, public flag and contact e-mail (the dealer’s owner)',
    tags,
  }),
  updateUserPermissions: endpoint({
    method: 'POST',
    path: '/api/update-user-permissions',
    body: updateUserPermissionsSchema,
    response: userInfoSchema,
    summary: 'Grant and remove purchasing rights of the acting dealer’s installers; answers the user info',
    tags,
  }),
  activity: endpoint({
    method: 'GET',
    path: '/api/my-business/activity',
    query: activityQuerySchema,
    response: describedActivityListSchema,
    summary: 'What sales reps did while acting for the business, newest first (the dealer’s owner)',
    tags,
  }),
};
