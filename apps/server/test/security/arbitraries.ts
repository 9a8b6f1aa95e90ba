import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes it from the Zod schemas) the fuzzer reads. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One route as the OpenAPI document describes it. */
export interface Operation {
  /** `GET /api/dealers/{id}`: how tests and failure messages name the route. */
  label: string;
  method: string;
  /** OpenAPI path template, `{name}` for each path parameter. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** The JSON body's schema; undefined when the route reads no body. */
  body?: JsonSchema;
}

/** A request as app.inject takes it. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

const HTTP_METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete', 'options'];

/** Every operation of the document, its `$ref`s resolved. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema => {
    if (!schema || depth > 20) return {};
    if (schema.$ref) {
      const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
      return resolve(doc.components?.schemas?.[name], depth + 1);
    }
    const out: JsonSchema = { ...schema };
    if (schema.properties)
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, resolve(value, depth + 1)]),
      );
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    if (typeof schema.additionalProperties === 'object')
      out.additionalProperties = resolve(schema.additionalProperties, depth + 1);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
      if (schema[key]) out[key] = schema[key].map((s) => resolve(s, depth + 1));
    return out;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const parameters = (operation.parameters ?? []).map((p) => ({
        in: p.in,
        name: p.name,
        required: p.in === 'path' || Boolean(p.required),
        schema: resolve(p.schema),
      }));
      const content = operation.requestBody?.content;
      const bodySchema = content?.['application/json']?.schema;
      operations.push({
        label: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: bodySchema ? resolve(bodySchema) : undefined,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Values that fit a schema: they pass validation and reach the handler.

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** Does `value` satisfy the string constraints of `schema`? (To reuse values the app itself gave.) */
export function stringFits(value: string, schema: JsonSchema): boolean {
  if (schema.enum) return schema.enum.includes(value);
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return true;
}

/** Strings that fit: short and long, ASCII, any grapheme, control characters and NUL. */
function fittingString(schema: JsonSchema, known: readonly string[], name: string): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.const !== undefined) return fc.constant(String(schema.const));
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const within = (value: string) => value.length >= min && (max === undefined || value.length <= max);
  const short = Math.max(min, Math.min(max ?? 24, 24));
  const generated: fc.Arbitrary<string>[] = [];
  if (schema.format === 'uuid') {
    // fc.uuid is what the pattern Zod writes for a UUID allows, and far quicker than stringMatching.
    generated.push(
      fc.uuid(),
      fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
    );
  } else if (schema.pattern) {
    generated.push(fc.stringMatching(new RegExp(schema.pattern), { maxLength: max ?? 200 }).filter(within));
  } else {
    generated.push(
      fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: short }).filter(within),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: short }).filter(within),
      // Control characters and NUL: the database can not store NUL in text (a 400, never a 500).
      fc.string({ unit: 'binary', minLength: min, maxLength: short }).filter(within),
      // As long as allowed, or longer than any column when the schema sets no bound.
      fc.constantFrom('x', 'é', '😀').map((unit) => unit.repeat(Math.floor((max ?? 20_000) / unit.length))),
    );
    if (/e-?mail/i.test(name)) generated.push(fc.emailAddress().filter(within));
    // The demo accounts' password, so a call that checks the current one gets past that check.
    if (/password/i.test(name)) generated.push(fc.constant('Portal!2026'));
  }
  const fitting = known.filter((value) => stringFits(value, schema));
  if (fitting.length > 0) generated.push(fc.constantFrom(...fitting));
  return fc.oneof(...generated);
}

function fittingNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowest = Math.max(schema.minimum ?? -Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
  const highest = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const edges = [lowest, highest, 0, 1, -1, lowest + 1, highest - 1].filter((n) => n >= lowest && n <= highest);
  const near = Math.min(Math.max(lowest, -1000), highest);
  const small = fc.integer({ min: near, max: Math.min(highest, near + 2000) });
  if (integer) return fc.oneof(fc.constantFrom(...edges), small, fc.integer({ min: lowest, max: highest }));
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.double({ min: lowest, max: highest, noNaN: true, noDefaultInfinity: true }),
  );
}

/** Values that satisfy `schema`; `known` are strings the app itself answered with (real ids, codes). */
export function fitting(
  schema: JsonSchema,
  known: readonly string[] = [],
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const recurse = (s: JsonSchema, n: string) => fitting(s, known, n, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((s) => recurse(s, name)));
  if (schema.allOf?.[0]) return recurse(schema.allOf[0], name);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => recurse({ ...schema, type }, name)));
  switch (types[0]) {
    case 'string':
      return fittingString(schema, known, name);
    case 'integer':
      return fittingNumber(schema, true);
    case 'number':
      return fittingNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? 5, Math.max(min, 5));
      const item = recurse(schema.items ?? {}, name);
      const full =
        schema.maxItems !== undefined
          ? [fc.array(item, { minLength: schema.maxItems, maxLength: schema.maxItems })]
          : [];
      return fc.oneof(fc.array(item, { minLength: min, maxLength: max }), ...full);
    }
    case 'object':
    case undefined: {
      if (!schema.properties && types[0] === undefined)
        return depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : fc.jsonValue({ maxDepth: 2 });
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, recurse(value, key)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Values that break a schema, and hostile values in general.

/** Text no handler expects: unicode, NUL, control characters, injections, traversal. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uFEFF',
    '\uD800',
    '\u202Eevil',
    'Z\u0351\u0352\u0353',
    '😀'.repeat(50),
    "' OR 1=1 --",
    '"; drop table users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '%ff%fe',
    '${7*7}',
    '__proto__',
    'constructor',
    'null',
    'NaN',
    '-1',
    '1e999',
    '0x10',
    'true',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(1_000, 100_000).map((n) => 'A'.repeat(n)),
);

/** Numbers at and past every edge JSON can carry. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    -0.000001,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53) - 2,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Arrays or objects nested `depth` deep. */
export const deeplyNested = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
};

/** Any value of any JSON type, nasty ones first. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom([], {}, [null], { __proto__: { isAdmin: true } }, JSON.parse('{"__proto__": {"polluted": true}}'), {
    constructor: { prototype: { polluted: true } },
  }),
  fc
    .constantFrom(200, 2_000)
    .chain((depth) => fc.constantFrom(deeplyNested(depth, 'array'), deeplyNested(depth, 'object'))),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A value of another JSON type than `schema` allows. */
function wrongType(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const kinds: fc.Arbitrary<unknown>[] = [];
  if (!types.includes('string')) kinds.push(hostileString);
  if (!types.includes('number') && !types.includes('integer')) kinds.push(hostileNumber);
  if (!types.includes('boolean')) kinds.push(fc.boolean());
  if (!types.includes('null')) kinds.push(fc.constant(null));
  if (!types.includes('array')) kinds.push(fc.array(hostileValue, { maxLength: 3 }));
  if (!types.includes('object')) kinds.push(fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }));
  return kinds.length > 0 ? fc.oneof(...kinds) : hostileValue;
}

function breakingString(schema: JsonSchema): fc.Arbitrary<unknown> {
  const ways: fc.Arbitrary<unknown>[] = [wrongType(schema), hostileString];
  if (schema.maxLength !== undefined) ways.push(fc.constant('x'.repeat(schema.maxLength + 1)));
  else ways.push(fc.constant('x'.repeat(200_000)));
  if (schema.minLength) ways.push(fc.constant('x'.repeat(schema.minLength - 1)));
  if (schema.enum) ways.push(fc.constantFrom(...schema.enum.map((v) => String(v).toUpperCase() + '\u0000')));
  return fc.oneof(...ways);
}

function breakingNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const ways: fc.Arbitrary<unknown>[] = [wrongType(schema), hostileNumber];
  if (schema.minimum !== undefined) ways.push(fc.constantFrom(schema.minimum - 1, schema.minimum - 0.5));
  if (schema.maximum !== undefined) ways.push(fc.constantFrom(schema.maximum + 1, schema.maximum * 2 + 1));
  if (integer) ways.push(fc.constantFrom(1.5, -2.25));
  ways.push(fc.constantFrom('1', '1e3', ''));
  return fc.oneof(...ways);
}

/**
 * Values that (most likely) do not satisfy `schema`: the wrong type, a missing field, one field
 * broken, extra keys, an array where an object is expected, too long, too many, out of range.
 */
export function breaking(schema: JsonSchema, known: readonly string[] = [], depth = 0): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches || schema.enum || schema.const !== undefined) return fc.oneof(wrongType(schema), hostileValue);
  const types = typesOf(schema);
  if (types.length !== 1) return fc.oneof(wrongType(schema), hostileValue);
  switch (types[0]) {
    case 'string':
      return breakingString(schema);
    case 'integer':
    case 'number':
      return breakingNumber(schema, types[0] === 'integer');
    case 'boolean':
    case 'null':
      return wrongType(schema);
    case 'array': {
      const item = schema.items ?? {};
      const ways: fc.Arbitrary<unknown>[] = [
        wrongType(schema),
        // One item broken among fitting ones.
        fc
          .tuple(fc.array(fitting(item, known), { maxLength: 2 }), breaking(item, known, depth + 1))
          .map(([items, broken]) => [...items, broken]),
      ];
      if (schema.maxItems !== undefined)
        ways.push(fc.array(fitting(item, known), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }));
      if (schema.minItems) ways.push(fc.constant([]));
      return fc.oneof(...ways);
    }
    default: {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      const valid = fitting(schema, known, '', depth) as fc.Arbitrary<Record<string, unknown>>;
      const ways: fc.Arbitrary<unknown>[] = [
        wrongType(schema),
        // An array where the object is expected.
        valid.map((value) => [value]),
        // Extra keys, prototype pollution among them.
        fc
          .tuple(valid, fc.dictionary(hostileString, hostileValue, { minKeys: 1, maxKeys: 3 }))
          .map(([value, extra]) => ({ ...extra, ...value })),
        valid.map((value) => ({ ...JSON.parse('{"__proto__": {"isAdmin": true}}'), ...value })),
      ];
      const required = (schema.required ?? []).filter((key) => key in properties);
      if (required.length > 0)
        ways.push(
          fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
            const copy = { ...value };
            delete copy[key];
            return copy;
          }),
        );
      if (keys.length > 0 && depth < 4)
        ways.push(
          fc
            .constantFrom(...keys)
            .chain((key) =>
              fc
                .tuple(valid, breaking(properties[key] ?? {}, known, depth + 1))
                .map(([value, broken]) => ({ ...value, [key]: broken })),
            ),
        );
      return fc.oneof(...ways);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Whole requests.

/** How a value travels in a URL: strings as they are, numbers printed, anything else as JSON. */
const asUrlText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : (JSON.stringify(value) ?? '');

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is written as the bytes
 * WTF-8 gives it: percent-encoding that is not UTF-8, as a hostile client may send.
 */
export const encodeUrlText = (text: string): string =>
  // With the u flag, a class of surrogates matches only the lone ones.
  text
    .split(/([\uD800-\uDFFF])/u)
    .map((part, at) => {
      if (at % 2 === 0) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

export function urlOf(
  operation: Operation,
  pathValues: Record<string, unknown>,
  query: Record<string, unknown>,
): string {
  let path = operation.path;
  for (const param of operation.pathParams)
    path = path.replace(`{${param.name}}`, encodeUrlText(asUrlText(pathValues[param.name])));
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    // An array travels as a repeated key (?a=1&a=2), as a browser's form would send it.
    for (const one of Array.isArray(value) ? value : [value])
      pairs.push(`${encodeUrlText(key)}=${encodeUrlText(asUrlText(one))}`);
  }
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

const objectSchemaOf = (params: Parameter[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
  required: params.filter((p) => p.required).map((p) => p.name),
});

function jsonRequest(operation: Operation, url: string, body: unknown): FuzzRequest {
  if (body === undefined) return { method: operation.method, url };
  return {
    method: operation.method,
    url,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  };
}

/** The parts of a request before they are put together: path parameters, query, body. */
export interface RequestParts {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export const requestOf = (operation: Operation, parts: RequestParts): FuzzRequest =>
  jsonRequest(operation, urlOf(operation, parts.path, parts.query), parts.body);

/**
 * Fastify's router refuses a path parameter longer than this (maxParamLength) before any schema is
 * read: values that fit stay under it, longer ones are among those that break.
 */
const ROUTER_PARAM_LIMIT = 100;

const withinRouterLimit = (params: Parameter[]): Parameter[] =>
  params.map((p) => ({
    ...p,
    schema: { ...p.schema, maxLength: Math.min(p.schema.maxLength ?? ROUTER_PARAM_LIMIT, ROUTER_PARAM_LIMIT) },
  }));

/** Requests whose path, query and body all satisfy the route's schemas. */
export function fittingParts(operation: Operation, known: readonly string[]): fc.Arbitrary<RequestParts> {
  return fc.record({
    path: fitting(objectSchemaOf(withinRouterLimit(operation.pathParams)), known) as fc.Arbitrary<
      Record<string, unknown>
    >,
    query: fitting(objectSchemaOf(operation.query), known) as fc.Arbitrary<Record<string, unknown>>,
    body: operation.body ? fitting(operation.body, known) : fc.constant(undefined),
  });
}

/** Requests of which one part (path, query or body) most likely breaks its schema. */
export function breakingParts(operation: Operation, known: readonly string[]): fc.Arbitrary<RequestParts> {
  const fittingPath = fitting(objectSchemaOf(operation.pathParams), known) as fc.Arbitrary<Record<string, unknown>>;
  const fittingQuery = fitting(objectSchemaOf(operation.query), known) as fc.Arbitrary<Record<string, unknown>>;
  const fittingBody = operation.body ? fitting(operation.body, known) : fc.constant(undefined);
  const hostileText = fc.oneof(hostileString, fc.array(hostileString, { minLength: 2, maxLength: 3 }));
  // In a URL every value is text: a parameter gets hostile text, a broken value, or goes missing;
  // a route without parameters gets an unexpected one.
  const brokenParams = (params: Parameter[], valid: fc.Arbitrary<Record<string, unknown>>) =>
    params.length === 0
      ? fc.tuple(valid, hostileString, hostileText).map(([value, key, extra]) => ({ ...value, [key]: extra }))
      : fc
          .tuple(valid, fc.constantFrom(...params))
          .chain(([value, param]) =>
            fc
              .oneof(hostileText, breaking(param.schema, known), fc.constant(undefined))
              .map((broken) => ({ ...value, [param.name]: broken })),
          );
  return fc.oneof(
    fc.record({ path: brokenParams(operation.pathParams, fittingPath), query: fittingQuery, body: fittingBody }),
    fc.record({ path: fittingPath, query: brokenParams(operation.query, fittingQuery), body: fittingBody }),
    fc.record({
      path: fittingPath,
      query: fittingQuery,
      // A route that reads no body gets one anyway.
      body: operation.body ? breaking(operation.body, known) : hostileValue,
    }),
  );
}

const TEN_THOUSAND = 'a'.repeat(10_000);
const BAD_ENCODINGS = ['%ff%fe', '%', '%E0%A4', '%00', '%2e%2e%2f'];

/**
 * Requests no well-behaved client sends, around one request that fits: broken percent-encoding and
 * over-long values in path and query, HEAD, malformed JSON, the wrong content type, too large a body.
 */
export function malformedRequests(operation: Operation, sample: RequestParts): FuzzRequest[] {
  const fits = requestOf(operation, sample);
  const [path, query] = [fits.url.split('?')[0]!, fits.url.split('?')[1]];
  const requests: FuzzRequest[] = [];
  const add = (request: Partial<FuzzRequest>) =>
    requests.push({
      method: operation.method,
      url: fits.url,
      headers: fits.headers,
      payload: fits.payload,
      ...request,
    });

  // Each path parameter in turn, written into the URL as it is (no encoding); or an extra segment.
  const rawPathValues = [...BAD_ENCODINGS, TEN_THOUSAND];
  for (const bad of rawPathValues) {
    if (operation.pathParams.length === 0) add({ url: `${operation.path}/${bad}` });
    for (const param of operation.pathParams) {
      const url = urlOf(operation, { ...sample.path, [param.name]: '\u0001' }, sample.query);
      add({ url: url.replace(encodeURIComponent('\u0001'), bad) });
    }
  }
  // The query string: broken encoding in a key, in a value, in a declared parameter; over-long.
  const firstQuery = operation.query[0]?.name ?? 'x';
  for (const raw of ['%=%', `${firstQuery}=%ff%fe`, `${firstQuery}=${TEN_THOUSAND}`])
    add({ url: `${path}?${query ? `${query}&` : ''}${raw}` });

  if (operation.method === 'GET') {
    add({ method: 'HEAD' });
    add({ method: 'HEAD', url: `${path}?x=%` });
    return requests;
  }
  const json = { 'content-type': 'application/json' };
  for (const payload of ['{"a":', '\u0000', '{"a":1e99999}']) add({ headers: json, payload });
  add({ headers: json, payload: '['.repeat(50_000) + ']'.repeat(50_000) });
  add({ headers: json, payload: '' });
  add({ headers: json, payload: `{"a":"${'x'.repeat(1024 * 1024)}"}` });
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
  ])
    add({ headers: { 'content-type': type }, payload: fits.payload ?? '{}' });
  return requests;
}
