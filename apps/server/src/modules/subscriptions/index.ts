/** The subscriptions module's door (issue 30 item 3): buying plans for devices, its receipts and plan sales. */
export { createSubscriptionService, type SubscriptionService } from './service.ts';
export { subscriptionRoutes } from './routes.ts';
