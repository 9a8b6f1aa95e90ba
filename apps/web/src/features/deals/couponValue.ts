import type { Coupon } from '@portal/contracts';
import { formatMoney } from '@portal/contracts/format';

/** What a coupon takes off, as the server states it: a percent or an amount in cents. */
export const couponValueText = (coupon: Pick<Coupon, 'kind' | 'value'>) =>
  coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatMoney(coupon.value)} off`;
