/**
 * Writes packages/contracts/src/endpoints/routes.ts: each endpoint's method and path (and what it
 * answers when not JSON), without its schemas, for the web client. The browser's first page must not
 * load every Zod schema of the API just to know where a call goes (bench/bundle.mjs). A contracts test
 * fails when the file and the map disagree; run `npm run gen:routes` after changing the map.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../packages/contracts/src/endpoints/index.ts';
import { routeTableOf } from '../packages/contracts/src/endpoints/route-table.ts';

const target = fileURLToPath(new URL('../packages/contracts/src/endpoints/routes.ts', import.meta.url));
const table = JSON.stringify(routeTableOf(endpoints), null, 2);
writeFileSync(
  target,
  `// Written by scripts/endpoint-routes.ts from the endpoint map (npm run gen:routes); do not edit.
import type { RouteTable } from './route-table.ts';
import type { Endpoints } from './index.ts';

/** Where each call of the map goes, without its schemas (the web client's, scripts/endpoint-routes.ts). */
export const routes = ${table} as unknown as RouteTable<Endpoints>;
`,
);
console.log(`wrote ${target}`);
