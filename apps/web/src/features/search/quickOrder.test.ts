import { describe, expect, it } from 'vitest';
import type { ProductSummary, Session } from '@portal/contracts';
import { queryClient } from '../../lib/queryClient.ts';
import { sessionQuery } from '../session/index.ts';
import { clampQuantity } from '@portal/contracts/cart-rules';
import { quickOrderStore, setLineQuantity, toggleLine } from './quickOrder.ts';

const product = { id: 'p1', sku: 'NW-RS-X100', price: { cents: 1000, kind: 'msrp' } } as ProductSummary;
const session = (business: string | null): Session =>
  ({
    user: { id: 'u1' },
    selectedBusiness: business ? { sapBpCode: business, companyName: business, approvedBrands: [] } : null,
    impersonatedUser: null,
    site: 'us',
    otherSiteUrl: '',
    preferences: null,
  }) as unknown as Session;

describe('quick-order selection', () => {
  it('keeps whole quantities from 1 to 999', () => {
    expect([clampQuantity(0), clampQuantity(2.7), clampQuantity(5000), clampQuantity(Number.NaN)]).toEqual([
      1, 2, 999, 1,
    ]);
  });

  it('is emptied when the session acts for another business, kept otherwise', () => {
    queryClient.setQueryData(sessionQuery.queryKey, session(null));
    toggleLine(product, true, 3);
    setLineQuantity('p1', 4);
    queryClient.setQueryData(sessionQuery.queryKey, session(null));
    expect(quickOrderStore.get().get('p1')?.quantity).toBe(4);
    queryClient.setQueryData(sessionQuery.queryKey, session('C100234'));
    expect(quickOrderStore.get().size).toBe(0);
  });
});
