// The plans' door (issue 30): the plan chooser the activation's purchase-plan step and the pages share.
export { PlanPicker, type PlanChoice } from './PlanPicker.tsx';
export { formatPlanMoney, plansQuery } from './api.ts';
