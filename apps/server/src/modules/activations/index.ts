/** The activations module's door (CONVENTIONS: one door per module): the activation record of issue 29 §3. */
export { createActivationService, type ActivationCaller, type ActivationService } from './service.ts';
export { activationRoutes } from './routes.ts';
