import { isUuid } from '../../lib/uuid.ts';

/** A payment takes at most 100 invoices (contracts/billing.ts payInvoicesRequestSchema). */
export const MAX_CHOSEN = 100;
export const PAYMENT_PATH = '/invoice-payment';
export const PAYMENT_COMPLETE_PATH = '/invoice-payment/complete';

/** The address of the payment screen with these invoices chosen (`ids`, comma-separated, in order). */
export const paymentPathFor = (ids: readonly string[]) =>
  ids.length ? `${PAYMENT_PATH}?${new URLSearchParams({ ids: ids.join(',') }).toString()}` : PAYMENT_PATH;

/** The invoices chosen in the address: ids only, each once, at most MAX_CHOSEN (the rest is ignored). */
export function chosenIdsOf(params: URLSearchParams): string[] {
  const ids = params
    .getAll('ids')
    .flatMap((value) => value.split(','))
    .map((id) => id.trim().toLowerCase())
    .filter(isUuid);
  return [...new Set(ids)].slice(0, MAX_CHOSEN);
}
