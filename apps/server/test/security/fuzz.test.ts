import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Response as InjectResponse } from 'light-my-request';
import { apiErrorSchema } from '@portal/contracts';
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
 * signed in. Whatever comes in, the answer is never a 5xx, and every 4xx is what the contracts'
 * API error schema accepts (spec 01 §8: `{ detail, code? }` or `{ validation }`), nothing more. The
 * routes come from the running app, so a new route is fuzzed the day it is added. A run that stops
 * early (its time limit) or an actor that can no longer sign in fails: a run that fuzzed less than it
 * says is not a pass.
 *
 * FUZZ_SEED (default fixed, for CI), FUZZ_RUNS (runs per route, per kind, per actor) and
 * FUZZ_PASSWORD_RUNS override the defaults; a failure prints the seed and path fast-check needs to
 * replay it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 14);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
/**
 * A route whose body carries a password checks or hashes it on every call (scrypt, ~100 ms): it gets
 * fewer runs, decided up front, so every machine sends the same requests and the run time stays low.
 */
const PASSWORD_RUNS = Number(process.env.FUZZ_PASSWORD_RUNS ?? 3);
/**
 * A safety net, not a budget: a run that reaches it stops and fails, saying how many of its requests
 * were sent (a hang, or a route slower than the runs above assume).
 */
const TIME_LIMIT_MS = Number(process.env.FUZZ_TIME_LIMIT_MS ?? 10_000);

const runsOf = (operation: Operation) => ('password' in (operation.body?.properties ?? {}) ? PASSWORD_RUNS : RUNS);

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
  /** The route fuzzed last as this actor: the likeliest to have changed the account when it is lost. */
  lastFuzzed?: string;
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
 * per request would cost a password hash each. An actor that can not sign in again (a fuzzed call
 * changed the account) fails the test: fuzzing on anonymously would pass routes nobody signed in
 * ever reached.
 */
async function ensureSignedIn(actor: Actor) {
  if (!actor.email || !actor.stale) return;
  actor.client ??= testClient(t.app);
  if ((await actor.client.session()).user?.email === actor.email) return void (actor.stale = false);
  const signIn = await actor.client.signIn(actor.email);
  const signedInAs = (await actor.client.session()).user?.email;
  if (signIn.statusCode !== 200 || signedInAs !== actor.email)
    throw new Error(
      `fuzz: ${actor.email} lost: signing in again answered ${signIn.statusCode} ${clip(signIn.body)}` +
        ` and the session is ${signedInAs ?? 'nobody'}'s: a fuzzed call changed the account` +
        (actor.lastFuzzed ? ` (last fuzzed: ${actor.lastFuzzed})` : ''),
    );
  actor.stale = false;
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

/**
 * Why a 4xx body is not an answer of the API error schema (contracts/errors.ts), or undefined. The
 * schema drops keys it does not know: what it gives back must be the whole body, so an answer with
 * more in it (a stack, Fastify's own `statusCode`) fails too; and field errors name at least one field.
 */
function errorShapeProblem(body: unknown): string | undefined {
  const parsed = apiErrorSchema.safeParse(body);
  if (!parsed.success)
    return `is not an answer of the API error schema ({ detail, code? } or { validation: [{ field, messages }] }): ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')}`;
  if (!isDeepStrictEqual(parsed.data, body)) return 'has more than the API error schema knows of';
  if ('validation' in parsed.data && parsed.data.validation.length === 0) return 'has field errors without a field';
  return undefined;
}

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
  const shapeProblem = errorShapeProblem(body);
  return shapeProblem && `a ${status} that ${shapeProblem}`;
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
          actor.lastFuzzed = operation.label;
          const details = await fc.check(
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
              numRuns: runsOf(operation),
              interruptAfterTimeLimit: TIME_LIMIT_MS,
              // The route, the request and the answer in the failure's own message, not only in its cause.
              includeErrorInReport: true,
            },
          );
          if (details.failed) throw new Error(await fc.asyncDefaultReportMessage(details));
          // A run that stopped early fuzzed less than it says: fewer runs for the route, or a faster route.
          if (details.interrupted)
            throw new Error(
              `${operation.label} as ${actor.name}: stopped after ${details.numRuns} of ${runsOf(operation)} requests (time limit ${TIME_LIMIT_MS} ms)`,
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
            actor.lastFuzzed = operation.label;
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
