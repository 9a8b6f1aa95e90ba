import { z } from 'zod';

/** A category or brand as the menus, filters and footer list it (spec 01 §3: name and slug pairs). */
export const namedSlugSchema = z.object({ name: z.string(), slug: z.string() });
export type NamedSlug = z.infer<typeof namedSlugSchema>;

/** GET /api/catalog/menu: what the Products and Brands dropdowns and the footer show. */
export const catalogMenuSchema = z.object({
  categories: z.array(namedSlugSchema),
  brands: z.array(namedSlugSchema),
});
export type CatalogMenu = z.infer<typeof catalogMenuSchema>;
