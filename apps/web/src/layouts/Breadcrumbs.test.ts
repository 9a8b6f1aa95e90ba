import { describe, expect, it } from 'vitest';
import { crumbsFor } from './Breadcrumbs.tsx';

const labels = (pathname: string) => crumbsFor(pathname).map((c) => c.label);

describe('crumbsFor', () => {
  it('/ is just Home', () => {
    expect(crumbsFor('/')).toEqual([{ label: 'Home', to: '/' }]);
  });

  it('/terms is Home, Terms and Conditions', () => {
    expect(crumbsFor('/terms')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Terms and Conditions', to: '/terms' },
    ]);
  });

  it('/cart/checkout/products skips the prefix that is no page', () => {
    expect(crumbsFor('/cart/checkout/products')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Cart', to: '/cart' },
      { label: 'Purchase Products', to: '/cart/checkout/products' },
    ]);
  });

  it('/activation/device is Home, Set Serial Number, Activate Device', () => {
    expect(crumbsFor('/activation/device')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Set Serial Number', to: '/activation' },
      { label: 'Activate Device', to: '/activation/device' },
    ]);
  });

  it('/invoice (list of the optional-segment route) is Home, Invoices', () => {
    expect(crumbsFor('/invoice')).toEqual([
      { label: 'Home', to: '/' },
      { label: 'Invoices', to: '/invoice' },
    ]);
  });

  it('an unknown path gives only Home', () => {
    expect(labels('/no-such-page')).toEqual(['Home']);
  });

  // '/invoice/:id?' matches both the prefix '/invoice' and the full '/invoice/123': one crumb.
  it('/invoice/123 is Home, Invoices', () => {
    expect(labels('/invoice/123')).toEqual(['Home', 'Invoices']);
  });
});
