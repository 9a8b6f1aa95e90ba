import { z } from 'zod';
import { catalogMenuSchema } from '../catalog.ts';
import { messages } from '../messages.ts';
import {
  condensedProductListSchema,
  popularQuerySchema,
  productDetailResponseSchema,
  productListSchema,
  productsByIdsRequestSchema,
  productsBySkusRequestSchema,
  searchCursorRequestSchema,
  searchCursorResponseSchema,
  searchProductsRequestSchema,
  searchProductsResponseSchema,
} from '../search.ts';
import { endpoint } from './endpoint.ts';

const tags = ['catalog'];

const productSkuParamsSchema = z.object({ sku: z.string().min(1).max(40) });
/** The generated pictures' names: a SKU and 1.svg…9.svg; anything else is not found. */
const productImageParamsSchema = z.object({
  sku: z.string().regex(/^[A-Z]{2}-[A-Z]{2,3}-[A-Z]\d{3,4}$/, messages.notFound),
  file: z.string().regex(/^[1-9]\.svg$/, messages.notFound),
});

/** The catalog: menus, search and product lists at the session's prices (spec 01 §2.4, §4, §6). */
export const catalog = {
  menu: endpoint({
    method: 'GET',
    path: '/api/catalog/menu',
    response: catalogMenuSchema,
    summary: 'Categories and brands for the menus',
    tags,
  }),
  searchProducts: endpoint({
    method: 'POST',
    path: '/api/search-products',
    body: searchProductsRequestSchema,
    response: searchProductsResponseSchema,
    readOnly: true,
    summary: 'Search the catalog with the prices of the business the session acts for',
    tags,
  }),
  searchCursor: endpoint({
    method: 'POST',
    path: '/api/search-products/cursor',
    body: searchCursorRequestSchema,
    response: searchCursorResponseSchema,
    readOnly: true,
    summary: 'The end cursor before a page of a search (page jumps)',
    tags,
  }),
  productBySku: endpoint({
    method: 'GET',
    path: '/api/product-by-sku/:sku',
    params: productSkuParamsSchema,
    response: productDetailResponseSchema,
    summary: 'One product with its description and pictures',
    tags,
  }),
  productsByIds: endpoint({
    method: 'POST',
    path: '/api/products-by-ids',
    body: productsByIdsRequestSchema,
    response: productListSchema,
    readOnly: true,
    summary: 'Products by id, in the order asked',
    tags,
  }),
  productsBySkus: endpoint({
    method: 'POST',
    path: '/api/vehicle-saleor-products',
    body: productsBySkusRequestSchema,
    response: productListSchema,
    readOnly: true,
    summary: 'Products by SKU, in the order asked (vehicle products, related products)',
    tags,
  }),
  condensedProductsByIds: endpoint({
    method: 'POST',
    path: '/api/condensed-products-by-ids',
    body: productsByIdsRequestSchema,
    response: condensedProductListSchema,
    readOnly: true,
    summary: 'Name, picture and price of products by id',
    tags,
  }),
  popularProducts: endpoint({
    method: 'GET',
    path: '/api/popular-products',
    query: popularQuerySchema,
    response: productListSchema,
    summary: 'Best sellers at the session’s prices',
    tags,
  }),
  /** Generated product pictures (the demo catalog has no photographs to fetch). */
  productImage: endpoint({
    method: 'GET',
    path: '/api/product-images/:sku/:file',
    params: productImageParamsSchema,
    response: z.string(),
    answers: 'svg',
    summary: 'A product picture (SVG)',
    tags,
  }),
};
