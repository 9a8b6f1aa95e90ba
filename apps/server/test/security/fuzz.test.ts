import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Response as InjectResponse } from 'light-my-request';
import { createTestApp } from '../helpers.ts';
import { testClient, type TestClient } from '../client.ts';
import {
  breakingParts,
  fittingParts,
  malformedRequests,
  operationsOf,
  requestOf,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
  type RequestParts,
} from './arbitraries.ts';

/**
 * Issue 14 (b): every route the OpenAPI document lists, fed requests built from its own schemas —
 * ones that fit (they reach the handler), ones that break them, and malformed ones — anonymously and
 * signed in. Whatever comes in, the answer is never a 5xx, and every 4xx is one of the two error
 * shapes of spec 01 §8. The routes come from the running app, so a new route is fuzzed the day it
 * is added.
 *
 * FUZZ_SEED (default fixed, for CI) and FUZZ_RUNS (runs per route, per kind, per actor) override
 * the defaults; a failure prints the seed and path fast-check needs to replay it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/**
 * A route whose every call checks a password (scrypt, ~100 ms) stops early: the values come in the
 * same order whatever the machine, this only cuts the tail.
 */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 500);

const t = await createTestApp();
afterAll(() => t.close());
const operations = operationsOf(t.app.swagger() as unknown as OpenApiDocument);

interface Actor {
  name: string;
  email?: string;
  /** Signs in and checks the session from its own address, apart from the fuzzed requests. */
  client?: TestClient;
  /** The session may have ended (a sign-out, a password change, a 401): check before the next test. */
  stale: boolean;
  /** Could not sign in again (a fuzzed call changed the account): fuzzed anonymously from then on. */
  lost?: boolean;
}

const actors: Actor[] = [
  { name: 'anonymous', stale: false },
  ...['owner@demo.test', 'insiderep@demo.test', 'admin@demo.test'].map((email) => ({
    name: email,
    email,
    stale: true,
  })),
];

/**
 * At the start of each test, signs the actor in again if its session may have ended (a sign-out, a
 * password change, a 401), so every route is fuzzed signed in whatever ran before it. Within one
 * test a route that ends the session (sign-out) goes on with whatever session is left: a sign-in
 * per request would cost a password hash each.
 */
async function ensureSignedIn(actor: Actor) {
  if (!actor.email || !actor.stale || actor.lost) return;
  actor.client ??= testClient(t.app);
  actor.stale = false;
  if ((await actor.client.session()).user?.email === actor.email) return;
  const signIn = await actor.client.signIn(actor.email);
  if (signIn.statusCode !== 200 || (await actor.client.session()).user?.email !== actor.email) {
    actor.lost = true;
    console.warn(
      `fuzz: ${actor.email} could not sign in again (${signIn.statusCode} ${signIn.body}); fuzzed anonymously from here`,
    );
  }
}

const KINDS = ['fits', 'breaks', 'malformed', 'harvest'];

/** One address per actor, route and kind of request, so per-address limits never carry from test to test. */
const addressOf = (actorIndex: number, operationIndex: number, kind: number) => {
  const n = (actorIndex * 1024 + operationIndex) * 4 + kind;
  return `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
};

/** How the fuzzed requests were answered, by status: printed with FUZZ_STATS=1. */
const statuses = new Map<string, number>();
afterAll(() => {
  if (process.env.FUZZ_STATS) console.log(JSON.stringify(Object.fromEntries([...statuses].sort()), null, 1));
});

async function send(actor: Actor, remoteAddress: string, request: FuzzRequest, kind = ''): Promise<InjectResponse> {
  const cookie = actor.client?.jar.header();
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    remoteAddress,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  });
  const key = `${kind} ${actor.name} ${response.statusCode}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
  if (actor.client) {
    actor.client.jar.store(response);
    const mayEndSession = /^\/api\/(auth|change-password|mfa|user)/.test(request.url) && request.method !== 'GET';
    if (response.statusCode === 401 || (mayEndSession && response.statusCode < 300)) actor.stale = true;
  }
  return response;
}

// ---------------------------------------------------------------------------------------------
// What every answer must be.

const isDetail = (body: Record<string, unknown>) => Object.keys(body).length === 1 && typeof body.detail === 'string';

const isValidation = (body: Record<string, unknown>) =>
  Object.keys(body).length === 1 &&
  Array.isArray(body.validation) &&
  body.validation.length > 0 &&
  body.validation.every(
    (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      Object.keys(entry).sort().join() === 'field,messages' &&
      typeof (entry as { field: unknown }).field === 'string' &&
      Array.isArray((entry as { messages: unknown }).messages) &&
      (entry as { messages: unknown[] }).messages.every((m) => typeof m === 'string'),
  );

const STACK_TRACE = /\n\s+at .+:\d+:\d+|"stack"\s*:/;

/** What is wrong with an answer, or undefined when it is one the app may give. */
function problemOf(request: FuzzRequest, response: InjectResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `a ${status}`;
  if (status < 400) return undefined;
  if (STACK_TRACE.test(response.body)) return 'a stack trace in the answer';
  if (request.method === 'HEAD') return undefined; // no body to read
  if (!/^application\/json/.test(String(response.headers['content-type'])))
    return `a ${status} of content type ${response.headers['content-type']}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `a ${status} whose body is no object`;
  const record = body as Record<string, unknown>;
  if (!isDetail(record) && !isValidation(record))
    return `a ${status} of neither error shape ({ detail } or { validation: [{ field, messages }] })`;
  return undefined;
}

const clip = (text: string, max = 300) =>
  text.length <= max ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, max))}… (${text.length} characters)`;

const describeRequest = (request: FuzzRequest) =>
  [
    `${request.method} ${clip(request.url)}`,
    request.headers ? `headers ${clip(JSON.stringify(request.headers), 200)}` : '',
    request.payload !== undefined ? `body ${clip(request.payload)}` : '',
  ]
    .filter(Boolean)
    .join(', ');

const describeAnswer = (response: InjectResponse) =>
  `${response.statusCode} ${response.headers['content-type'] ?? '(no content type)'} ${clip(response.body)}`;

const failure = (operation: Operation, actor: Actor, problem: string, request: FuzzRequest, response: InjectResponse) =>
  `${operation.label} as ${actor.name} answered ${problem}\n    request: ${describeRequest(request)}\n    answer:  ${describeAnswer(response)}`;

// ---------------------------------------------------------------------------------------------
// Values the app itself gives out (ids, codes, slugs, SKUs), so requests that fit reach real rows.

const known: string[] = [];

function harvest(value: unknown, into: Set<string>, depth = 0) {
  if (into.size >= 600 || depth > 8) return;
  // No e-mail addresses: fuzzed sign-ins with them would lock the demo accounts out.
  if (typeof value === 'string' && value.length > 0 && value.length <= 200 && !value.includes('@')) into.add(value);
  else if (Array.isArray(value)) for (const item of value.slice(0, 20)) harvest(item, into, depth + 1);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value as Record<string, unknown>)) harvest(item, into, depth + 1);
}

beforeAll(async () => {
  const found = new Set<string>();
  const readable = operations.filter(
    (op) => op.method === 'GET' && op.pathParams.length === 0 && op.query.every((q) => !q.required),
  );
  for (const actor of actors) {
    await ensureSignedIn(actor);
    for (const op of readable) {
      const response = await send(
        actor,
        addressOf(actors.indexOf(actor), 1023, 3),
        { method: 'GET', url: op.path },
        KINDS[3],
      );
      if (response.statusCode === 200 && /json/.test(String(response.headers['content-type'])))
        harvest(response.json(), found);
    }
  }
  known.push(...[...found].sort());
});

// ---------------------------------------------------------------------------------------------

/** A seed of its own for each test, from the run's seed: any one test replays alone. */
const seedOf = (...parts: string[]) =>
  createHash('sha256')
    .update([SEED, ...parts].join('\u0000'))
    .digest()
    .readInt32LE(0);

// Plain loops, not describe.each: its titles clip long route names.
for (const [index, actor] of actors.entries()) {
  describe(`as ${actor.name}`, () => {
    for (const [at, operation] of operations.entries()) {
      describe(operation.label, () => {
        const property = async (
          kind: number,
          parts: (op: Operation, known: string[]) => fc.Arbitrary<RequestParts>,
        ) => {
          await ensureSignedIn(actor);
          await fc.assert(
            fc.asyncProperty(
              // fast-check prints a counterexample with this: the request, long values clipped.
              parts(operation, known).map((generated) => {
                const request = requestOf(operation, generated);
                return { request, [fc.toStringMethod]: () => describeRequest(request) };
              }),
              async ({ request }) => {
                const response = await send(actor, addressOf(index, at, kind), request, KINDS[kind]);
                const problem = problemOf(request, response);
                if (problem) throw new Error(failure(operation, actor, problem, request, response));
              },
            ),
            {
              seed: seedOf(actor.name, operation.label, String(kind)),
              numRuns: RUNS,
              interruptAfterTimeLimit: TIME_LIMIT_MS,
              // The route, the request and the answer in the failure's own message, not only in its cause.
              includeErrorInReport: true,
            },
          );
        };

        it('answers requests that fit its schemas: no 5xx, every 4xx in an error shape', () =>
          property(0, fittingParts));

        it('answers requests that break its schemas: no 5xx, every 4xx in an error shape', () =>
          property(1, breakingParts));

        // Malformed requests mostly stop at routing, at the route's guard (who may call is decided
        // before the body is read) or at parsing: anonymously, and signed in as one of the roles, each
        // route another, to stay within the time budget.
        const malformedToo = index === 0 || index === 1 + (at % (actors.length - 1));
        if (malformedToo)
          it('answers malformed requests (encoding, lengths, JSON, content types, HEAD): no 5xx, every 4xx in an error shape', async () => {
            await ensureSignedIn(actor);
            const [sample] = fc.sample(fittingParts(operation, known), { seed: seedOf(operation.label), numRuns: 1 });
            const problems: string[] = [];
            for (const request of malformedRequests(operation, sample!)) {
              const response = await send(actor, addressOf(index, at, 2), request, KINDS[2]);
              const problem = problemOf(request, response);
              if (problem) problems.push(failure(operation, actor, problem, request, response));
              if (request.method === 'HEAD') {
                // HEAD is GET without the body: the same status.
                const get = await send(actor, addressOf(index, at, 2), { ...request, method: 'GET' }, KINDS[2]);
                if (get.statusCode !== response.statusCode && get.statusCode !== 429 && response.statusCode !== 429)
                  problems.push(
                    failure(
                      operation,
                      actor,
                      `${response.statusCode} to HEAD where GET answers ${get.statusCode}`,
                      request,
                      response,
                    ),
                  );
              }
            }
            if (problems.length > 0)
              throw new Error(`${problems.length} malformed requests answered wrongly:\n\n${problems.join('\n\n')}`);
          });
      });
    }
  });
}
