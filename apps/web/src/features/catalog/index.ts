// The catalog's door: what other features use of it (its data: menu, prices, searches, product paths).
export {
  couponsQuery,
  discountedProductsQuery,
  homeCarouselQuery,
  popularProductsQuery,
  productBySkuQuery,
  productsBySkusQuery,
  searchCursor,
  searchProductsQuery,
  useCatalogMenu,
  usePriceScope,
  type PriceScope,
} from './api.ts';
export { productPath } from './paths.ts';
