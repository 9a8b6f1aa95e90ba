import { describe, expect, it } from 'vitest';
import { endpoints } from './index.ts';
import { routeTableOf } from './route-table.ts';
import { routes } from './routes.ts';

describe('the route table the web client calls by', () => {
  it('is the endpoint map’s methods and paths (run `npm run gen:routes` after changing the map)', () => {
    expect(routes).toEqual(routeTableOf(endpoints));
  });
});
