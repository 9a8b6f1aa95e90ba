/** The orders module's door: what other modules and app.ts may call (CONVENTIONS: one door per module). */
// Checkout completion writes the order in its own transaction, and answers it (issue 18).
export { insertOrder, orderNumberOf, orderOf, placeOrder, type NewOrder } from './repo.ts';
export { orderAddressOf, type OrderAddress } from './address.ts';
// Later steps of an order (the demo seed; shipping updates to come) and My Orders.
export { recordOrderStatus } from './repo.ts';
export { createOrderService, type CartForReorder, type OrderService } from './service.ts';
export { orderRoutes } from './routes.ts';
