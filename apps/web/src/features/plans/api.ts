import { queryOptions } from '@tanstack/react-query';
import { routes } from '@portal/contracts/endpoints/routes';
import type { PlanCurrency } from '@portal/contracts/plans';
import { call } from '../../lib/api.ts';

/** The plans in the caller's currency (issue 30): the server decides USD or CAD from the business. */
export const plansQuery = queryOptions({
  queryKey: ['plans'],
  queryFn: ({ signal }) => call(routes.plans.list, { signal }),
  staleTime: 5 * 60_000,
});

/** What a device may move to from its plan now, with the credit for the unused part of its term. */
export const upgradeQuery = (deviceKey: string, iccidLastDigits?: string | null) =>
  queryOptions({
    queryKey: ['plans', 'upgrade', deviceKey, iccidLastDigits ?? null],
    queryFn: ({ signal }) =>
      call(routes.plans.upgrade, {
        query: { device_key: deviceKey, ...(iccidLastDigits ? { iccid_last_digits: iccidLastDigits } : {}) },
        signal,
      }),
    enabled: deviceKey.length > 0,
    retry: false,
  });

const formatters = new Map<PlanCurrency, Intl.NumberFormat>();
/** A plan price in its currency (en-US, spec 02 §9): $179.99 or CA$244.99. */
export function formatPlanMoney(cents: number, currency: PlanCurrency) {
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, format);
  }
  return format.format(cents / 100);
}

/** The business's installed devices to choose from (GET /api/devices, first 100: a serial can be typed in too). */
export const devicesToChooseQuery = queryOptions({
  queryKey: ['plans', 'devices'],
  queryFn: ({ signal }) => call(routes.devices.list, { query: { limit: 100, offset: 0 }, signal }),
  staleTime: 60_000,
});
