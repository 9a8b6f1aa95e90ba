import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogMenu } from '@portal/contracts';
import { api } from '../../lib/api.ts';

export const catalogMenuQuery = queryOptions({
  queryKey: ['catalog', 'menu'],
  queryFn: ({ signal }) => api<CatalogMenu>('/api/catalog/menu', { signal }),
  staleTime: 10 * 60_000,
});

/** Categories and brands for the Products and Brands menus and the footer. */
export const useCatalogMenu = () => useQuery(catalogMenuQuery);
