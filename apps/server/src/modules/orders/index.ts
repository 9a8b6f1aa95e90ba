/** The orders module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
// Checkout completion writes the order in its own transaction, and answers it (issue 18); billing reads
// the order behind an invoice.
export { placeOrder, type NewOrder } from './service.ts';
export { orderOf } from './queries.ts';
export { orderAddressOf, type OrderAddress } from './address.ts';
export { orderNumberOf } from './numbers.ts';
// Orders of the past and later steps of an order (the demo seed; shipping updates to come) and My Orders.
export { insertOrder, recordOrderStatus } from './service.ts';
export { createOrderService, type CartForReorder, type OrderService } from './service.ts';
export { orderRoutes } from './routes.ts';
