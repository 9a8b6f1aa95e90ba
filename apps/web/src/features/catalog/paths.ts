/** The product page of a SKU (spec 01 §2.1 /product/{id}: the id is the SKU). */
export const productPath = (sku: string) => `/product/${encodeURIComponent(sku)}`;
