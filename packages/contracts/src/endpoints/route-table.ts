import type { Endpoint } from './endpoint.ts';

/** What a caller needs of an endpoint to reach it: method, path, and what it answers when not JSON. */
export type RouteOf<E extends Endpoint> = Pick<E, 'method' | 'path'> &
  Partial<Pick<E, 'answers'>> & {
    /** Never present: carries the endpoint's type, so a call by route is typed by the map's schemas. */
    readonly endpoint?: E;
  };

/** The route of every endpoint of a map, by the same names. */
export type RouteTable<M extends Record<string, Record<string, Endpoint>>> = {
  [D in keyof M]: { [N in keyof M[D]]: RouteOf<M[D][N]> };
};

/** The route table of an endpoint map (written to routes.ts by scripts/endpoint-routes.ts). */
export function routeTableOf(map: Record<string, Record<string, Endpoint>>) {
  return Object.fromEntries(
    Object.entries(map).map(([domain, calls]) => [
      domain,
      Object.fromEntries(
        Object.entries(calls).map(([name, { method, path, answers }]) => [
          name,
          answers ? { method, path, answers } : { method, path },
        ]),
      ),
    ]),
  );
}
