/** The plans module's door (issue 30): the plan calls, and the currency a caller buys plans in. */
export { createPlanService, currentPlanCreditOf, currentPlanOf, planCurrencyOf, type PlanService } from './service.ts';
export { planRoutes } from './routes.ts';
