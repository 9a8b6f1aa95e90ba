import { APPROVED_BRANDS_VALUE } from './constants.ts';

/* Brand filtering rules, free of Zod so the shell's menus can use them without the schemas. */

/**
 * spec 01 §2.5, §6: the brands a brand filter asks for. "Approved brands only" restricts: alone it
 * means the approved brands, with chosen brands it keeps those that are approved. Null: no brand filter.
 */
export function wantedBrandSlugs(
  brandFilter: readonly string[],
  approvedBrandSlugs: readonly string[],
): string[] | null {
  const chosen = brandFilter.filter((slug) => slug !== APPROVED_BRANDS_VALUE);
  if (chosen.length === brandFilter.length) return chosen.length ? [...new Set(chosen)].sort() : null;
  const approved = new Set(approvedBrandSlugs);
  return [...new Set(chosen.length ? chosen.filter((slug) => approved.has(slug)) : approved)].sort();
}

/**
 * spec 01 §6: with a business selected, browsing a category shows its approved brands only, and
 * browsing an approved brand carries the same filter. Without approved brands, nothing is added.
 */
export function browseBrandFilter(brandSlug: string | null, approvedBrandSlugs: readonly string[] | null): string[] {
  const approved = approvedBrandSlugs ?? [];
  if (brandSlug === null) return approved.length ? [APPROVED_BRANDS_VALUE] : [];
  return approved.includes(brandSlug) ? [brandSlug, APPROVED_BRANDS_VALUE] : [brandSlug];
}
