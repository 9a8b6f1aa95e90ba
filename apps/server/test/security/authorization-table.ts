/**
 * The authorization matrix (issue 14, "Keep finding" (a)): what every route of the server answers to
 * every kind of caller. authorization-matrix.test.ts reads the routes from the app itself and fails
 * when a route is missing here, when a route named here no longer exists, and for every cell whose
 * answer differs. A new route (checkout, billing, devices…) is added here with its row.
 *
 * Written from the specs (spec 01 §2.2 access classes, §6 roles; spec 02 §6) and the rules of
 * packages/contracts/src/permissions.ts (profileMenuFor, canPurchase, isOwner, isSalesRep…), with the
 * choices docs/decisions.md records — never copied from what the server answers.
 *
 * Columns: a caller who is not signed in, then one signed-in demo account each (README, seed/people.ts):
 * - installer, purchaser, owner, accountant, retired: staff of Northside Auto Sound (C100234, "NS");
 * - insiderep, outsiderep: sales reps without a selected business; "+NS" with Northside selected through
 *   POST /api/select-business (an inside rep then impersonates Northside's owner, an outside rep acts as
 *   himself, spec 01 §4);
 * - admin, consumer (B2C-000001);
 * - LS-owner: totp@demo.test, owner of Lakeside Remote Start (C100310), "the other dealer" from Northside's
 *   side (signed in with its authenticator code, then as a remembered device).
 *   sms@demo.test (a Lakeside installer) is left out: its role is installer@'s at another dealer, which
 *   LS-owner's rows and the Lakeside ids already cover, and its sign-in code would cost an SMS round trip
 *   per sign-in.
 *
 * A cell is one answer, or "own/other" for a route that names a dealer, business partner, user,
 * installer, invitation, cart, order, invoice, credit memo or remembered device: "own" is the caller's (Northside's for Northside's
 * staff and the reps acting for it, Lakeside's for LS-owner, oneself for a user id, one's own cart),
 * "other" another dealer's (Lakeside's; Northside's for LS-owner). A caller without an own thing of
 * that kind (a rep without a business, an admin…) is asked only about the other's, under one answer.
 *
 * Answers:
 * - ok:   allowed: 2xx or 3xx, or a 4xx that is the route's own rule past its authorization
 *         (400 a business rule or a wrong password, 409 a conflict, 422);
 * - 400:  exactly 400: a rule that stops this caller before anything is read (a rep without a business
 *         gets the spec's 'Unable to add the item(s) to the cart. No linked business account.');
 * - 401:  sign-in needed (the caller is not signed in);
 * - 403:  signed in, but this role may not;
 * - 404:  denied by answering not-found ("404-hidden": nobody learns that another dealer's thing exists);
 * - deny: 403 or 404, where the role may not and the thing is not theirs either (whichever check answers
 *         first);
 * - -:    not asked (this caller has no such thing, and there is no other's to try).
 *
 * Every request is valid (it passes schema validation, so a 400 never hides a missing check) and names
 * things that exist, so a 404 is always a denial.
 */
export const ROLES = [
  'anonymous',
  'installer',
  'purchaser',
  'owner',
  'accountant',
  'retired',
  'insiderep',
  'insiderep+NS',
  'outsiderep',
  'outsiderep+NS',
  'admin',
  'consumer',
  'LS-owner',
] as const;
export type Role = (typeof ROLES)[number];

export const ANSWERS = ['ok', '400', '401', '403', '404', 'deny', '-'] as const;
export type Answer = (typeof ANSWERS)[number];
export type Cell = Answer | `${Answer}/${Answer}`;

/** `METHOD /path` as Fastify names the route (`:id` for a parameter). */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;
export type Row = readonly [RouteKey, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell, Cell];

// prettier-ignore
export const AUTHORIZATION_TABLE: readonly Row[] = [
  // Public by design: signing in and the links of e-mails (spec 01 §2.2 public pages; §7 "no auth" calls).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/auth/sign-in',                          'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/auth/forgot-password',                  'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/auth/reset-password',                   'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/auth/verify-email',                      'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/auth/sign-out',                         'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/user/register',                         'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/user/email-resend',                     'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/user/change-email/accept',              'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/user/change-email/decline',             'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/user/token-info',                        'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/user/set-password',                     'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['DELETE /api/user/invite/decline',                 'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['DELETE /api/user/invite/decline/',                'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],

  // The second factor: the password step's challenge is its credential; without one, 401 for everybody.
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/auth/second-factor',                    '401',  '401',       '401',       '401',      '401',       '401',       '401',      '401',         '401',       '401',          '401',   '401',      '401'],
  ['POST /api/auth/second-factor/resend',             '401',  '401',       '401',       '401',      '401',       '401',       '401',      '401',         '401',       '401',          '401',   '401',      '401'],

  // One's own account: every signed-in user, for themself only (spec 01 §7 user/{id}: yourself; an admin anyone).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/auth/sign-out-everywhere',              '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/change-password',                       '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/user/change-email',                     '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/get-user-drone-profile',                 '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/mfa',                                    '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/mfa/totp/enable',                       '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/mfa/totp/confirm',                      '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/mfa/sms/enable',                        '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/mfa/sms/confirm',                       '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/mfa/disable/send-code',                 '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/mfa/disable',                           '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['DELETE /api/mfa/devices/:id',                     '401',  '404',       '404',       '404',      '404',       '404',       '404',      '404',         '404',       '404',          '404',   '404',      '-'],
  ['GET /api/sessions',                                '401', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
  ['DELETE /api/sessions/:id',                         '401', '404', '404', '404', '404', '404', '404', '404', '404', '404', '404', '404', '404'],
  ['GET /api/admin/users/:userId/sessions',            '401', '403', '403', '403', '403', '403', '403', '403', '403', '403', 'ok', '403', '403'],
  ['DELETE /api/admin/users/:userId/sessions/:id',     '401', '403', '403', '403', '403', '403', '403', '403', '403', '403', '404', '403', '403'],
  ['GET /api/user/:id',                               '401',  'ok/deny',   'ok/deny',   'ok/deny',  'ok/deny',   'ok/deny',   'ok/deny',  'ok/deny',     'ok/deny',   'ok/deny',      'ok',    'ok/deny',  'ok/deny'],
  ['PATCH /api/user/:id',                             '401',  'ok/deny',   'ok/deny',   'ok/deny',  'ok/deny',   'ok/deny',   'ok/deny',  'ok/deny',     'ok/deny',   'ok/deny',      'ok',    'ok/deny',  'ok/deny'],
  ['GET /api/user',                                   '400',  '400',       '400',       '400',      '400',       '400',       '400',      '400',         '400',       '400',          '400',   '400',      '400'],
  ['PATCH /api/user',                                 '400',  '400',       '400',       '400',      '400',       '400',       '400',      '400',         '400',       '400',          '400',   '400',      '400'],
  ['GET /api/user/',                                  '400',  '400',       '400',       '400',      '400',       '400',       '400',      '400',         '400',       '400',          '400',   '400',      '400'],
  ['PATCH /api/user/',                                '400',  '400',       '400',       '400',      '400',       '400',       '400',      '400',         '400',       '400',          '400',   '400',      '400'],

  // The session and the business it acts for (spec 01 §4: only sales reps select a business).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/session',                                'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/select-business',                       '401',  '403',       '403',       '403',      '403',       '403',       'ok',       'ok',          'ok',        'ok',           '403',   '403',      '403'],
  ['DELETE /api/select-business',                     '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['PUT /api/preferences',                            '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],

  // Catalog, deals and content: optional-login pages work anonymously (spec 01 §2.2; prices follow the caller, not access).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/catalog/menu',                           'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/search-products',                       'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/search-products/cursor',                'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/product-by-sku/:sku',                    'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/products-by-ids',                       'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/vehicle-saleor-products',               'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/condensed-products-by-ids',             'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/popular-products',                       'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/product-images/:sku/:file',              'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/get-coupons',                            'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/get-discounted-products',                'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/content/home-carousel',                  'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/contact-us',                            'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/dealer-requests',                       'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/dev/outbox',                             'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],

  // Vehicles and wiring: login-required pages (spec 01 §2.2 wiring, installer-guides), for every signed-in user;
  // the year/make/model cascade and the VIN decoder for guests too (the activation's vehicle step, optional login).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/year-make-model',                       'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/dot-vehicle-by-vin',                    'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/vehicle-info',                          '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/internal-vehicle-wiring',               '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/external-vehicle-wiring',               '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/wiring-by-category',                    '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/instructions-by-category',              '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/guides-by-vehicle-ids',                 '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/vehicle-saleor-accessory-products',     '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/t-harness-by-sku',                      '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/product-features',                      '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/folder',                                 '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/folder/:slug',                           '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/documents/:id',                          '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/vehicle-images/:file',                   '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],

  // Business partners: a caller reads the business it acts for; sales reps read any (spec 01 §4: a rep reads a partner before selecting it; an outside rep loads user info for any partner).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/business-partners',                     '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/business-partners/:id',                  '401',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    'ok/404',    'ok',       'ok',          'ok',        'ok',           '404',   'ok/404',   'ok/404'],
  ['GET /api/users-info-saleor',                      '401',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    'ok/404',    '404',      'ok/404',      'ok',        'ok',           '404',   'ok/404',   'ok/404'],

  // The dealer: read by everyone acting for it; another dealer's ids answer 404 (docs/decisions.md, issue 5).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/dealers',                                '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/dealers/:id',                            '401',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    'ok/404',    '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],

  // My Business: only who sees it — profileMenuFor(user, hasBusiness).myBusiness: owners, and inside reps with a selected business (spec 01 §6). Its staff list included (issue 14, rule 1).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/dealers/:id/installers',                 '401',  '403/deny',  '403/deny',  'ok/404',   '403/deny',  '403/deny',  'deny',     'ok/404',      'deny',      '403/deny',     'deny',  'deny',     'ok/404'],
  ['PATCH /api/installer/:id',                        '401',  '403/deny',  '403/deny',  'ok/404',   '403/deny',  '403/deny',  'deny',     'ok/404',      'deny',      '403/deny',     'deny',  'deny',     'ok/404'],
  ['PATCH /api/dealer/:id',                           '401',  '403/deny',  '403/deny',  'ok/404',   '403/deny',  '403/deny',  'deny',     'ok/404',      'deny',      '403/deny',     'deny',  'deny',     'ok/404'],
  ['POST /api/update-user-permissions',               '401',  '403/deny',  '403/deny',  'ok/404',   '403/deny',  '403/deny',  'deny',     'ok/404',      'deny',      '403/deny',     'deny',  'deny',     'ok/404'],
  ['POST /api/user/invite',                           '401',  '403',       '403',       'ok',       '403',       '403',       'deny',     'ok',          'deny',      '403',          'deny',  'deny',     'ok'],
  ['GET /api/user/token',                             '401',  '403/deny',  '403/deny',  'ok/404',   '403/deny',  '403/deny',  'deny',     'ok/404',      'deny',      '403/deny',     'deny',  'deny',     'ok/404'],
  ['POST /api/user/invite/:id/resend',                '401',  '403/deny',  '403/deny',  'ok/404',   '403/deny',  '403/deny',  'deny',     'ok/404',      'deny',      '403/deny',     'deny',  'deny',     'ok/404'],
  ['DELETE /api/user/invite/:id',                     '401',  '403/deny',  '403/deny',  'ok/404',   '403/deny',  '403/deny',  'deny',     'ok/404',      'deny',      '403/deny',     'deny',  'deny',     'ok/404'],
  ['GET /api/my-business/activity',                   '401',  '403',       '403',       'ok',       '403',       '403',       'deny',     'ok',          'deny',      '403',          'deny',  'deny',     'ok'],

  // Rewards (issue 30 §4): who sees Rewards (profileMenuFor(...).rewards: not an outside rep with a business, not a rep without one); an installer their own, the owner (and a rep acting as the owner) every installer's; another dealer's 404 (docs/decisions.md "Rewards and payouts (issue 30)").
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/dealers/:id/device-rewards',             '401',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    'ok/404',    '403',      'ok/404',      '403',       '403',          '404',   '404',      'ok/404'],
  ['GET /api/rewards/:id',                            '401',  'ok',        '404',       'ok',       '404',       '404',       '403',      'ok',          '403',       '403',          '404',   '404',      '404'],
  // Payouts onboarding (spec 02 §6): one's own, every signed-in user; the test-mode page's link is its credential (an unknown one: 404).
  ['GET /api/payouts',                                '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/payouts/onboarding-link',               '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/payouts/test-onboarding/:token',         '404',  '404',       '404',       '404',      '404',       '404',       '404',      '404',         '404',       '404',          '404',   '404',      '404'],
  ['POST /api/payouts/test-onboarding/:token',        '404',  '404',       '404',       '404',      '404',       '404',       '404',      '404',         '404',       '404',          '404',   '404',      '404'],

  // Admin review of dealer requests: admins only (docs/decisions.md).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/admin/dealer-requests',                  '401',  '403',       '403',       '403',      '403',       '403',       '403',      '403',         '403',       '403',          'ok',    '403',      '403'],
  ['GET /api/admin/dealer-requests/:id',              '401',  '403',       '403',       '403',      '403',       '403',       '403',      '403',         '403',       '403',          'ok',    '403',      '403'],
  ['POST /api/admin/dealer-requests/:id/approve',     '401',  '403',       '403',       '403',      '403',       '403',       '403',      '403',         '403',       '403',          'ok',    '403',      '403'],
  ['POST /api/admin/dealer-requests/:id/decline',     '401',  '403',       '403',       '403',      '403',       '403',       '403',      '403',         '403',       '403',          'ok',    '403',      '403'],

  // The cart: canPurchase(user) and a business (spec 01 §6, spec 02 §4); a cart is its buyer's only. A rep without a business gets the spec's "No linked business account" (400).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/products-checkout/last-b2b-token',       '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['POST /api/products-checkout/create-b2b',          '401',  '403',       'ok',        'ok',       '403',       '403',       'ok',       'ok',          'ok',        'ok',           '403',   '403',      'ok'],
  ['GET /api/products-checkout/:token',               '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/add-lines',    '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/update-lines', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/delete-lines', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/update-b2b-shipping-address', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/update-b2b-billing-address', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/update-shipping-method', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/set-b2b-po-number', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/set-b2b-payment', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  ['POST /api/products-checkout/:token/complete-b2b-checkout', '401',  'deny',      'ok/404',    'ok/404',   'deny',      'deny',      '400',      'ok/404',      '400',       'ok/404',       'deny',  'deny',     'ok/404'],
  // Subscription lines (issue 30 item 2): the plans' buyers (canBuyPlans: a consumer too) first, then the devices module's (own: the caller's business's installed device; other: the other dealer's, 404).
  // A device not in one's cart has no line to take out (404 for every buyer: the request names a device nobody put in a cart).
  // issue 33 item 3: quick order from a pasted list, for the cart's buyers (the same rule as the cart).
  ['POST /api/quick-order/match',                     '401',  '403',       'ok',        'ok',       '403',       '403',       '400',      'ok',          '400',       'ok',           '403',   '403',      'ok'],
  ['POST /api/quick-order/add-to-cart',               '401',  '403',       'ok',        'ok',       '403',       '403',       '400',      'ok',          '400',       'ok',           '403',   '403',      'ok'],
  ['PUT /api/cart/subscription-lines',                '401',  '403',       'ok/404',    'ok/404',   '403',       '403',       '400',      'ok/404',      '400',       'ok/404',       '403',   '404',      'ok/404'],
  ['DELETE /api/cart/subscription-lines/:device_key', '401',  '403',       '404',       '404',      '403',       '403',       '400',      '404',         '400',       '404',          '403',   '404',      '404'],

  // Plans (issue 30 item 1, spec 02 §2: login required): the catalogue for everyone signed in; a device's upgrade options by the device calls' rules.
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/plans',                                  '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/plan/:id',                               '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/plans/upgrade',                          '401',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  // Buying plans (issue 30 item 3, docs/decisions.md "Subscription checkout (issue 30)"): the plans' buyers (purchasing rights and a business, or a consumer: canBuyPlans); the other dealer's device
  // is a failed line (422, 'Device not found', nothing charged). A receipt is its business's: the request names a receipt nobody has (404 for every buyer).
  ['POST /api/payments',                              '401',  '403',       'ok',        'ok',       '403',       '403',       '400',      'ok',          '400',       'ok',           '403',   'ok',       'ok'],
  ['GET /api/payments/:uuid',                         '401',  '403',       '404',       '404',      '403',       '403',       '400',      '404',         '400',       '404',          '403',   '404',      '404'],
  ['GET /api/plan-sales',                             '401',  '403',       'ok',        'ok',       '403',       '403',       '400',      'ok',          '400',       'ok',           '403',   'ok',       'ok'],

  // Cards and bank accounts: purchasing rights or Billing see them and add a card (spec 01 §6; ours: Billing; and a consumer, whose card pays for their plans); changing, removing and bank accounts are Billing's. A rep without a business sees none and is told to pick one (400).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/card',                                   '401',  '403',       'ok',        'ok',       'ok',        '403',       'ok',       'ok',          'ok',        'ok',           '403',   'ok',       'ok'],
  ['POST /api/card',                                  '401',  '403',       'ok',        'ok',       'ok',        '403',       '400',      'ok',          '400',       'ok',           '403',   'ok',       'ok'],
  ['GET /api/card/:id',                               '401',  '403',       'ok/404',    'ok/404',   'ok/404',    '403',       '400',      'ok/404',      '400',       'ok/404',       '403',   '404',      'ok/404'],
  ['PATCH /api/card/:id',                             '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['DELETE /api/card/:id',                            '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['POST /api/users-payment-methods',                 '401',  '403',       'ok',        'ok',       'ok',        '403',       'ok',       'ok',          'ok',        'ok',           '403',   'ok',       'ok'],
  ['POST /api/create-credit-card',                    '401',  '403',       'ok',        'ok',       'ok',        '403',       '400',      'ok',          '400',       'ok',           '403',   'ok',       'ok'],
  ['PATCH /api/update-credit-card',                   '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['DELETE /api/delete-credit-card',                  '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['POST /api/create-bank-account',                   '401',  '403',       '403',       'ok',       'ok',        '403',       '403',      'ok',          '403',       'ok',           '403',   '403',      'ok'],
  ['PATCH /api/update-bank-account',                  '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['DELETE /api/delete-bank-account',                 '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['POST /api/verify-bank-account',                   '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],

  // My Orders: profileMenuFor(user, hasBusiness).myOrders — purchasing rights; a rep's only with a selected business (spec 01 §6); reordering also needs 'purchase'. Another dealer's order is not found.
  // The dashboard's previously purchased products: asked for everyone signed in, empty without My Orders (docs/decisions.md).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/order-transactions',                    '401',  '403',       'ok',        'ok',       '403',       '403',       '403',      'ok',          '403',       'ok',           '403',   '403',      'ok'],
  ['POST /api/order-transaction',                     '401',  '403',       'ok/404',    'ok/404',   '403',       '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['POST /api/order-transaction/reorder',             '401',  '403',       'ok/404',    'ok/404',   '403',       '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['GET /api/last-three-order-product-ids',           '401',  'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],

  // Billing: profileMenuFor(user, hasBusiness).billing — owners, the dealer's accountant, sales reps with a selected business (spec 01 §6; docs/decisions.md "Billing"). Another dealer's invoice or credit memo is not found; paying one refused past the checks changes nothing.
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /api/billing-summary',                        '401',  '403',       '403',       'ok',       'ok',        '403',       '403',      'ok',          '403',       'ok',           '403',   '403',      'ok'],
  ['POST /api/invoices',                              '401',  '403',       '403',       'ok',       'ok',        '403',       '403',      'ok',          '403',       'ok',           '403',   '403',      'ok'],
  ['POST /api/invoice',                               '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['POST /api/credit-memos',                          '401',  '403',       '403',       'ok',       'ok',        '403',       '403',      'ok',          '403',       'ok',           '403',   '403',      'ok'],
  ['POST /api/credit-memo',                           '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],
  ['POST /api/pay-invoice',                           '401',  '403',       '403',       'ok/404',   'ok/404',    '403',       '403',      'ok/404',      '403',       'ok/404',       '403',   '403',      'ok/404'],

  // Activations (issue 29 §3, docs/decisions.md "Activation steps and the activation record (issue 29)"): a start is a device check (the same rows as
  // the device calls: "own" a dealer's installed device, asked for a plan purchase); an activation is its starter's alone ("own": the role's own, "other": the other
  // dealer's owner's), anyone else 404; a device's activations are its business's (and a rep acting for it) and the starter's. A retired installer is told to
  // activate as a guest (403), as by every device call.
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/activations',                           '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/activations',                            'ok',   'ok',        'ok',        'ok',       'ok',        '403',       'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/activations/:id',                        '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/activations/:id',                      '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['POST /api/activations/:id/restart',               '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['POST /api/activations/:id/complete',              '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['DELETE /api/activations/:id',                     '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/device/:key/activations',                '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],

  // Devices (issue 28 §5, docs/decisions.md "Who may drive a device"): a device installed for a business is its people's and its reps' ("own": Northside's
  // 10230000240, Lakeside's 10230000280); anyone else gets 404, as for no device (a guest included: its ICCID digits open only a device installed for nobody).
  // An installer account that can not activate for a dealer (retired, or without a business) is told to activate as a guest (spec 02 §5: 403).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['POST /api/iot/device-check',                      '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['POST /api/iot/device-purchasing-check',           '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['POST /api/iot/send-command',                      '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/iot/jobs/:id',                           '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/iot/logs',                               '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/swap',                          '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/activate',                      '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/install',                       '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['POST /api/device/welcome',                        '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/hardwired-mode',                '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/device/:key/check-firmware-update',      '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['POST /api/device/:key/firmware-update',           '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/:key/pin',                      '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['DELETE /api/device/:key/pin',                     '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/device/:key/option-tables',              '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/:key/option-tables',            '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/device/:key/special-option-tables',      '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/:key/special-option-tables',    '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/device/:key/features',                   '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/:key/features',                 '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['PATCH /api/device/:key/keylocker-mode',           '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/device/:key/history',                    '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['GET /api/device/:key/events',                     '404',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  ['POST /api/device/link-installer/:key',            '401',  'ok/404',    'ok/404',    'ok/404',   'ok/404',    '403',       '404',      'ok/404',      '404',       'ok/404',       '404',   '404',      'ok/404'],
  // The device list (issue 29 §5, docs/decisions.md "The device's history and device list"): the business acted for — its people and a rep acting for it
  // (contracts' `devices` rule); a rep without a business or an admin has none to list, a retired installer is not one of its people (403).
  ['GET /api/devices',                                '401',  'ok',        'ok',        'ok',       'ok',        '403',       '403',      'ok',          '403',       'ok',           '403',   'ok',       'ok'],

  // Operations and the API documentation: public, except metrics (this machine, or a scraper with the token).
  // route                                           anon    installer    purchaser    owner       accountant   retired      insiderep   insiderep+NS   outsiderep   outsiderep+NS   admin    consumer    LS-owner
  ['GET /healthz',                                    'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /readyz',                                     'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /metrics',                                    '403',  '403',       '403',       '403',      '403',       '403',       '403',      '403',         '403',       '403',          '403',   '403',      '403'],
  ['GET /api/docs',                                   'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/docs/',                                  'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/docs/json',                              'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/docs/yaml',                              'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/docs/static/index.html',                 'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/docs/static/swagger-initializer.js',     'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
  ['GET /api/docs/*',                                 'ok',   'ok',        'ok',        'ok',       'ok',        'ok',        'ok',       'ok',          'ok',        'ok',           'ok',    'ok',       'ok'],
];

/** The expected answer of one cell: `own`/`other` when the row splits them, else one answer for both. */
export function expectedOf(row: Row, role: Role): { own: Answer; other: Answer; split: boolean } {
  const cell = row[1 + ROLES.indexOf(role)] as Cell;
  const [own, other = own] = cell.split('/') as [Answer, Answer?];
  return { own, other, split: cell.includes('/') };
}
