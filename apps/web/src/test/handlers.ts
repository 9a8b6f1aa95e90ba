import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import type { CatalogMenu, LastCheckout, Session } from '@portal/contracts';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@portal/contracts/endpoints/endpoint';
import { apiErrorSchema, type DetailError, type ValidationError } from '@portal/contracts/errors';
import type { RefusalCode } from '@portal/contracts/refusals';
import type { PortalUser } from '@portal/contracts/permissions';
import { sessionOf } from './fixtures.ts';

/**
 * An answer of our server: JSON with a status (the spec's error shapes are JSON too). Untyped: prefer
 * `answer` below, which types the answer by the endpoint it stands in for.
 */
export const json = (status: number, body: unknown) => HttpResponse.json(body as JsonBodyType, { status });

// ---------------------------------------------------------------------------------------------
// Answers typed by the contracts' endpoint map: a stub can not answer what the server can not.

/**
 * The statuses of the server's refusals, each in the API error shape (server refusal.ts `STATUS_OF_KIND`,
 * plugins/errors.ts `errorResponses`); 503 is a part out of service for now (the VIN decoder).
 */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 503;

/** A refusal as the server answers it (contracts `apiErrorSchema`); made by `refused`. */
export class Refused {
  constructor(
    readonly status: ErrorStatus,
    readonly body: DetailError | ValidationError,
  ) {}
}

/**
 * The server saying no. Field errors (`{ validation }`) are always a 400: the server answers them for a
 * request its schema refuses and for a refusal with field errors, never with another status. One message
 * (`{ detail, code? }`) comes with the status of the refusal's kind (server refusal.ts: invalid 400,
 * unauthenticated 401, declined 402, forbidden 403, not found 404, conflict 409, unprocessable 422,
 * limited 429, unavailable 503); its code is one the web acts on (contracts REFUSAL_CODES).
 */
export function refused(fieldErrors: ValidationError): Refused;
export function refused(status: ErrorStatus, body: { detail: string; code?: RefusalCode }): Refused;
export function refused(first: ErrorStatus | ValidationError, body?: DetailError): Refused {
  return typeof first === 'number' ? new Refused(first, body!) : new Refused(400, first);
}

/** No answer the contracts describe: a 5xx without a body (a crash, a proxy) or no answer at all ('network'). */
export class Outage {
  constructor(readonly status: number | 'network') {}
}
export const outage = (status: number | 'network' = 500) => new Outage(status);

/** What a stub may answer for endpoint E: its success answer, a refusal, or an outage. */
export type Reply<E extends Endpoint> = ResponseOf<E> | Refused | Outage;

/** One request to a stubbed endpoint, as the page sent it (typed by the endpoint's schemas, not checked). */
export interface StubCall<E extends Endpoint> {
  request: Request;
  params: ParamsOf<E> extends undefined ? Record<string, never> : NonNullable<ParamsOf<E>>;
  query: QueryOf<E> extends undefined ? Record<string, never> : NonNullable<QueryOf<E>>;
  body: BodyOf<E>;
}

/** What went wrong between the stubs and the contracts in this test: setup.ts fails the test with it. */
const stubProblems: string[] = [];
export const takeStubProblems = () => stubProblems.splice(0);

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`).join('; ');

/**
 * A request handler for one endpoint of the contracts' map (method and path from the map), answering what
 * the server would: its success answer typed by the endpoint's response schema (sent with its success
 * status), or `refused(...)`, or `outage()`. What is answered is checked against the contracts as the
 * test runs, and so is what the page sent: a success answer the response schema refuses, an error body
 * that is not in the API error shape, or a success to a request the endpoint's schema would refuse (the
 * server answers that 400) fails the test.
 *
 * ```ts
 * server.use(answer(endpoints.orders.byId, ({ body }) => (body.id === order.id ? order : refused(404, { detail }))));
 * ```
 */
export function answer<E extends Endpoint>(
  endpoint: E,
  // NoInfer: E comes from the endpoint alone, so a reply is checked against it (`{ ok: true }` stays `true`).
  reply: NoInfer<Reply<E> | ((call: StubCall<E>) => Reply<E> | Promise<Reply<E>>)>,
  options: { once?: boolean } = {},
): HttpHandler {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const where = `${endpoint.method} ${endpoint.path}`;
  return http[method](
    endpoint.path,
    async ({ request, params }) => {
      const url = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.clone().text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const query = Object.fromEntries(url.searchParams);
      // What the server's schemas would refuse before any rule runs (a 400 with field errors).
      const refusedRequest = [
        ['path', endpoint.params, params],
        ['query', endpoint.query, query],
        ['body', endpoint.body, body],
      ].flatMap(([part, schema, value]) => {
        const parsed = (schema as Endpoint['body'])?.safeParse(value);
        return parsed && !parsed.success ? [`${part as string}: ${issuesOf(parsed.error)}`] : [];
      });
      const call = { request, params, query, body } as unknown as StubCall<E>;
      const given = typeof reply === 'function' ? await (reply as (call: StubCall<E>) => Reply<E>)(call) : reply;

      if (given instanceof Outage)
        return given.status === 'network' ? HttpResponse.error() : new HttpResponse(null, { status: given.status });
      if (given instanceof Refused) {
        const parsed = apiErrorSchema.safeParse(given.body);
        if (!parsed.success) stubProblems.push(`${where}: a ${given.status} not in the API error shape`);
        return json(given.status, given.body);
      }
      if (refusedRequest.length > 0)
        stubProblems.push(
          `${where}: answered success to a request the endpoint's schema refuses (the server answers 400): ${refusedRequest.join(' | ')}`,
        );
      const checked = endpoint.response?.safeParse(given);
      if (checked && !checked.success)
        stubProblems.push(`${where}: the answer is not one of the response schema: ${issuesOf(checked.error)}`);
      return json(endpoint.status === 302 ? 200 : (endpoint.status ?? 200), given);
    },
    options,
  );
}

// ---------------------------------------------------------------------------------------------

/** A visitor's session: nobody signed in, the US site. Tests give their user with `{ ...anonymousSession, user }`. */
export const anonymousSession: Session = {
  user: null,
  selectedBusiness: null,
  impersonatedUser: null,
  site: 'us',
  otherSiteUrl: '',
  preferences: null,
};

/** The session of this user, with Northside selected unless `business` is false (test/fixtures.ts). */
export const signedInAs = (user: PortalUser, business = true) =>
  answer(endpoints.session.get, sessionOf(user, business));

const emptyMenu: CatalogMenu = { categories: [], brands: [] };
const noCart: LastCheckout = { token: null, checkout: null };

/**
 * The default answers of the web tests' server (test/server.ts): the calls most screens make on
 * their way (the session, the catalog menu, the cart, signing out), and the server's 404 for any other API
 * path. A test gives its own answers with `server.use(...)`; they last until the test ends.
 */
export const handlers = [
  answer(endpoints.session.get, anonymousSession),
  answer(endpoints.catalog.menu, emptyMenu),
  answer(endpoints.cart.last, noCart),
  answer(endpoints.auth.signOut, { ok: true }),
  http.all('/api/*', () => json(404, { detail: 'Not Found' })),
];
