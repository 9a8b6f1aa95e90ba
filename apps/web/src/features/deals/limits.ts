/**
 * Discounted products on the dashboard. /deals asks the same, so its list of running promotions
 * comes from the cache when the user arrives from the dashboard.
 */
export const DASHBOARD_DEALS = 8;
