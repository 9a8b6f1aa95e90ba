import type { Coupon } from '@portal/contracts';
import { LOCALE } from '@portal/contracts/constants';
import { formatCents } from '../../lib/format.ts';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: '2-digit', day: '2-digit' });

/** spec 01 §9: dates read MM/DD/YYYY, in the reader's own time zone. */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** What a coupon takes off, as the server states it: a percent or an amount in cents. */
export const couponValueText = (coupon: Pick<Coupon, 'kind' | 'value'>) =>
  coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatCents(coupon.value)} off`;
