import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { ProductSummary } from '@portal/contracts';
import { PREVIOUS_PURCHASES_CACHE_MS, STORAGE_KEYS } from '@portal/contracts/constants';
import type { PortalUser } from '@portal/contracts/permissions';
import { installer, owner, sentProduct } from '../../test/fixtures.ts';
import { answer, signedInAs } from '../../test/handlers.ts';
import { renderInRouter } from '../../test/render.tsx';
import { sentRequests, server } from '../../test/server.ts';
import { clearClientStores } from '../../lib/clientStores.ts';
import { PreviouslyPurchased } from './index.ts';

const IDS = endpoints.orders.lastThreeProductIds.path;
const PRODUCTS = endpoints.catalog.productsByIds.path;

const idOf = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;
const product = (id: string, n: number): ProductSummary => ({
  id,
  sku: `NW-P${n}`,
  shortCode: `P${n}`,
  name: `Northwind Product ${n}`,
  brand: { name: 'Northwind', slug: 'northwind' },
  category: { name: 'Remote Start', slug: 'remote-start' },
  image: null,
  price: { cents: 10000 + n, kind: 'discounted' },
  msrpCents: null,
  isAvailable: true,
  isAvailableForPurchase: true,
  caseQty: 1,
});

/** The server: the user's session, these ids as the last orders' products, and products by id. */
function serve(user: PortalUser, productIds: string[]) {
  server.use(
    signedInAs(user),
    answer(endpoints.orders.lastThreeProductIds, { productIds }),
    answer(endpoints.catalog.productsByIds, ({ body }) => ({
      results: body.ids.map((id) => sentProduct(product(id, productIds.indexOf(id) + 1))),
    })),
  );
}

/** The dashboard's section alone, in a fresh app (a new page load: nothing cached but local storage). */
const renderSection = () =>
  renderInRouter(
    <>
      <h1>Dashboard</h1>
      <PreviouslyPurchased />
    </>,
  );

const calls = (path: string) => sentRequests().filter((request) => request.path === path);
const section = () => screen.findByRole('region', { name: 'Previously purchased' });
const cards = async () => within(await section()).findAllByRole('article');

describe('the dashboard’s Previously purchased (spec 02 §7, §9)', () => {
  it('shows the products of the last orders, 8 at most, at the session’s prices', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => idOf(i + 1));
    serve(owner, ids);
    renderSection();
    expect(await cards()).toHaveLength(8);
    expect(calls(PRODUCTS).map((request) => request.body)).toEqual([{ ids: ids.slice(0, 8) }]);
    expect(screen.getByRole('link', { name: 'Northwind Product 1' }).getAttribute('href')).toBe('/product/NW-P1');
  });

  it('keeps the ids an hour in local storage: a second page load within the hour asks only for the products', async () => {
    const ids = [idOf(1), idOf(2), idOf(3)];
    serve(owner, ids);
    renderSection();
    expect(await cards()).toHaveLength(3);
    expect(calls(IDS)).toHaveLength(1);
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.previousPurchases)!) as {
      productIds: string[];
      at: number;
    };
    expect(stored.productIds).toEqual(ids);

    cleanup();
    renderSection();
    expect(await cards()).toHaveLength(3);
    expect(calls(IDS)).toHaveLength(1);
    expect(calls(PRODUCTS)).toHaveLength(2);
  });

  it('asks again once the hour is over, and for another user or business', async () => {
    serve(owner, [idOf(4)]);
    const old = Date.now() - PREVIOUS_PURCHASES_CACHE_MS - 1000;
    window.localStorage.setItem(
      STORAGE_KEYS.previousPurchases,
      JSON.stringify({ scope: 'u-owner|C100234', at: old, productIds: [idOf(1), idOf(2)] }),
    );
    renderSection();
    await waitFor(() => expect(calls(IDS)).toHaveLength(1));
    await waitFor(async () => expect(await cards()).toHaveLength(1));

    cleanup();
    window.localStorage.setItem(
      STORAGE_KEYS.previousPurchases,
      JSON.stringify({ scope: 'u-someone-else|C100310', at: Date.now(), productIds: [idOf(1), idOf(2)] }),
    );
    renderSection();
    await waitFor(() => expect(calls(IDS)).toHaveLength(2));
    expect(await cards()).toHaveLength(1);
  });

  it('no products bought yet: no section', async () => {
    serve(owner, []);
    renderSection();
    await waitFor(() => expect(calls(IDS)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Previously purchased' })).toBeNull();
    expect(calls(PRODUCTS)).toHaveLength(0);
  });

  it('without purchasing rights: no section and no call (spec 01 §6)', async () => {
    serve(installer, [idOf(1)]);
    renderSection();
    await waitFor(() =>
      expect(sentRequests().some((request) => request.path === endpoints.session.get.path)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Previously purchased' })).toBeNull();
    expect(calls(IDS)).toHaveLength(0);
  });

  it('sign-out forgets the stored ids with every other client store (spec 01 §4)', async () => {
    serve(owner, [idOf(1)]);
    renderSection();
    expect(await cards()).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.previousPurchases)).not.toBeNull();
    clearClientStores(new QueryClient());
    expect(window.localStorage.getItem(STORAGE_KEYS.previousPurchases)).toBeNull();
  });
});
