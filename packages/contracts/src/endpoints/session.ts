import { preferencesSchema, selectBusinessRequestSchema, sessionSchema } from '../session.ts';
import { endpoint } from './endpoint.ts';

const tags = ['session'];

/** Who the browser is signed in as, the business a sales rep acts for, and screen preferences. */
export const session = {
  get: endpoint({
    method: 'GET',
    path: '/api/session',
    response: sessionSchema,
    setsCookies: true,
    summary: 'The current session',
    tags,
  }),
  /** spec 01 §4: a sales rep selects the business to act for; answers the new session. */
  selectBusiness: endpoint({
    method: 'POST',
    path: '/api/select-business',
    body: selectBusinessRequestSchema,
    response: sessionSchema,
    setsCookies: true,
    summary: 'Act for a business (sales reps); other reps than outside reps impersonate its dealer primary',
    tags,
  }),
  /** spec 01 §4 "Clear Selected Business". */
  clearBusiness: endpoint({
    method: 'DELETE',
    path: '/api/select-business',
    response: sessionSchema,
    setsCookies: true,
    summary: 'Stop acting for the selected business',
    tags,
  }),
  /** spec 01 §9: the search page size, per user. */
  savePreferences: endpoint({
    method: 'PUT',
    path: '/api/preferences',
    body: preferencesSchema.partial(),
    response: preferencesSchema,
    summary: 'Save the signed-in user’s preferences',
    tags,
  }),
};
