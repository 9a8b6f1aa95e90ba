import {
  addLinesRequestSchema,
  checkoutSchema,
  checkoutTokenParamsSchema,
  createCheckoutRequestSchema,
  deleteLinesRequestSchema,
  lastCheckoutSchema,
  updateLinesRequestSchema,
} from '../cart.ts';
import { endpoint } from './endpoint.ts';

const tags = ['cart'];

/** The cart: the B2B product checkout's token and lines (spec 02 §4, §7 "Checkout"). */
export const cart = {
  last: endpoint({
    method: 'GET',
    path: '/api/products-checkout/last-b2b-token',
    response: lastCheckoutSchema,
    summary: 'The open cart of the session’s business (none without a business or purchasing rights)',
    tags,
  }),
  byToken: endpoint({
    method: 'GET',
    path: '/api/products-checkout/:token',
    params: checkoutTokenParamsSchema,
    response: checkoutSchema,
    summary: 'A cart by token, at the session’s prices',
    tags,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/products-checkout/create-b2b',
    body: createCheckoutRequestSchema,
    response: checkoutSchema,
    summary: 'Open the cart of the session’s business (or answer the open one), with optional first lines',
    tags,
  }),
  addLines: endpoint({
    method: 'POST',
    path: '/api/products-checkout/:token/add-lines',
    params: checkoutTokenParamsSchema,
    body: addLinesRequestSchema,
    response: checkoutSchema,
    summary: 'Add products; a product already in the cart gets the added quantity',
    tags,
  }),
  updateLines: endpoint({
    method: 'POST',
    path: '/api/products-checkout/:token/update-lines',
    params: checkoutTokenParamsSchema,
    body: updateLinesRequestSchema,
    response: checkoutSchema,
    summary: 'Set line quantities (all or nothing)',
    tags,
  }),
  deleteLines: endpoint({
    method: 'POST',
    path: '/api/products-checkout/:token/delete-lines',
    params: checkoutTokenParamsSchema,
    body: deleteLinesRequestSchema,
    response: checkoutSchema,
    summary: 'Remove a line',
    tags,
  }),
};
