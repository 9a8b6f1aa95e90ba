import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { endpoints } from '@portal/contracts/endpoints/index';
import type { PortalUser } from '@portal/contracts/permissions';
import type { ProductDetail, ProductSummary } from '@portal/contracts';
import { messages } from '@portal/contracts/messages';
import { closeMediaModal, mediaModalStore } from '../../components/mediaModal.ts';
import ProductPage from './ProductPage.tsx';
import { clampQuantity } from '@portal/contracts/cart-rules';
import { MAX_LINE_QUANTITY } from '@portal/contracts/constants';
import { anonymousSession, answer, refused } from '../../test/handlers.ts';
import { sentProduct } from '../../test/fixtures.ts';
import { sentRequests, server } from '../../test/server.ts';
import { specificationRows } from './productText.ts';
import { leave } from '../../test/events.ts';

const related: ProductSummary = {
  id: 'r1',
  sku: 'NW-BP-S200',
  shortCode: 'S200',
  name: 'Northwind S200 Bypass Module',
  brand: { name: 'Northwind', slug: 'northwind' },
  category: { name: 'Bypass Modules', slug: 'bypass-modules' },
  image: '/img/r1.svg',
  price: { cents: 4999, kind: 'msrp' },
  msrpCents: 4999,
  isAvailable: true,
  isAvailableForPurchase: true,
  caseQty: 1,
};

const product: ProductDetail = {
  ...related,
  id: 'p1',
  sku: 'NW-RS-X1234',
  shortCode: 'X1234',
  name: 'Northwind X1234 Remote Start',
  category: { name: 'Remote Start', slug: 'remote-start' },
  price: { cents: 19999, kind: 'msrp' },
  msrpCents: 19999,
  caseQty: 10,
  images: ['/img/1.svg', '/img/2.svg', '/img/3.svg'],
  relatedSkus: ['NW-BP-S200'],
  description: [
    { type: 'paragraph', text: 'The Northwind X1234 <b>starts</b> the engine.' },
    { type: 'heading', text: 'Features' },
    { type: 'list', items: ['One-mile range', 'Two-way remote'] },
  ],
  metadata: [
    { key: 'manufacture_case_qty', value: '10' },
    { key: 'warranty', value: '2 years' },
    { key: 'category_slug', value: 'remote-start' },
  ],
};

const user = (installer: PortalUser['installer']): PortalUser => ({
  id: 'u1',
  email: 'owner@demo.test',
  first_name: 'Olivia',
  last_name: 'Owner',
  image: null,
  is_retired: false,
  access_type: null,
  user_type: [{ type: 'dealer', is_owner: true }],
  permissionGroups: ['Dealer Primary'],
  dealer_id: 'd1',
  installer,
});

function serve({ signedIn = null as PortalUser | null, productFound = true } = {}) {
  server.use(
    answer(endpoints.session.get, { ...anonymousSession, user: signedIn }),
    answer(
      endpoints.catalog.productBySku,
      productFound ? sentProduct(product) : refused(404, { detail: messages.notFound }),
    ),
    answer(endpoints.catalog.productsBySkus, { results: [sentProduct(related)] }),
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/product/:id?', Component: ProductPage },
      { path: '/login', Component: () => <h1>Login</h1> },
      { path: '/search', Component: () => <h1>Search</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  act(() => closeMediaModal());
});

describe('product page', () => {
  it('shows name, facts, MSRP, availability, case quantity and the description as elements', async () => {
    serve();
    renderAt('/product/NW-RS-X1234');
    expect(screen.getByRole('status').textContent).toBe('Loading product');
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Northwind' }).getAttribute('href')).toBe('/search?b=northwind');
    expect(screen.getByRole('link', { name: 'Remote Start' }).getAttribute('href')).toBe('/search?c=remote-start');
    expect(screen.getByText('X1234')).toBeTruthy();
    expect(screen.getByText('MSRP')).toBeTruthy();
    expect(screen.getByText('$199.99')).toBeTruthy();
    expect(screen.getByText('In stock')).toBeTruthy();
    expect(screen.getByText('Case of 10')).toBeTruthy();
    // Description text is text, never markup.
    const description = screen.getByRole('region', { name: 'Description' });
    expect(within(description).getByText('The Northwind X1234 <b>starts</b> the engine.')).toBeTruthy();
    expect(within(description).getByRole('heading', { level: 3, name: 'Features' })).toBeTruthy();
    expect(
      within(description)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['One-mile range', 'Two-way remote']);
    const specs = screen.getByRole('region', { name: 'Specifications' });
    expect(within(specs).getByRole('rowheader', { name: 'Case quantity' })).toBeTruthy();
    expect(within(specs).queryByText('category_slug')).toBeNull();
  });

  it('switches the main picture from the thumbnails (also by arrow keys) and opens the modals', async () => {
    serve();
    renderAt('/product/NW-RS-X1234');
    const main = await screen.findByRole('button', { name: `Enlarge ${product.name}, picture 1 of 3` });
    const second = screen.getByRole('button', { name: 'Show picture 2 of 3' });
    fireEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('true');
    expect(main.getAttribute('aria-label')).toBe(`Enlarge ${product.name}, picture 2 of 3`);
    fireEvent.keyDown(second, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Show picture 3 of 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Show picture 3 of 3');
    fireEvent.click(main);
    expect(mediaModalStore.get()).toEqual({
      kind: 'zoom',
      image: { src: '/img/3.svg', alt: `${product.name}, picture 3 of 3` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'All pictures (3)' }));
    expect(mediaModalStore.get()).toMatchObject({ kind: 'media', index: 2 });
  });

  it('lists the related products as links to their pages', async () => {
    serve();
    renderAt('/product/NW-RS-X1234');
    const list = await screen.findByRole('list', { name: 'Related products' });
    const link = await within(list).findByRole('link', { name: related.name });
    expect(link.getAttribute('href')).toBe('/product/NW-BP-S200');
  });

  it('asks a visitor to sign in and come back', async () => {
    serve();
    renderAt('/product/NW-RS-X1234');
    const signIn = await screen.findByRole('link', { name: 'Sign in to buy' });
    expect(signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent('/product/NW-RS-X1234')}`);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });

  it('gives a purchaser a whole-number quantity and Add to cart', async () => {
    serve({ signedIn: user({ is_owner: true, is_purchaser: false }) });
    renderAt('/product/NW-RS-X1234');
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect((screen.getByRole('button', { name: 'Add to cart' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Decrease quantity' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect((quantity as HTMLInputElement).value).toBe('2');
    fireEvent.input(quantity, { target: { value: '5000' } });
    leave(quantity);
    expect((quantity as HTMLInputElement).value).toBe(String(MAX_LINE_QUANTITY));
  });

  it('tells a user without purchasing rights who grants them', async () => {
    serve({ signedIn: user({ is_owner: false, is_purchaser: false }) });
    renderAt('/product/NW-RS-X1234');
    expect(await screen.findByText(/does not have purchasing rights/)).toBeTruthy();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('tells a consumer products come through a dealer, not that an owner grants rights (issue 15 §6)', async () => {
    serve({
      signedIn: {
        ...user(null),
        user_type: [{ type: 'consumer', is_owner: false }],
        permissionGroups: [],
        dealer_id: null,
      },
    });
    renderAt('/product/NW-RS-X1234');
    expect(await screen.findByText(messages.consumerNoProductCheckout)).toBeTruthy();
    expect(screen.queryByText(/purchasing rights/)).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
  });

  it('shows Not Found with a search for the SKU when the server knows no such product', async () => {
    serve({ productFound: false });
    renderAt('/product/NOPE-123');
    expect(await screen.findByRole('heading', { level: 1, name: messages.notFound })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search for “NOPE-123”' }).getAttribute('href')).toBe('/search?s=NOPE-123');
    expect(screen.getByRole('link', { name: 'Browse all products' }).getAttribute('href')).toBe('/search');
  });

  it('shows Not Found without asking the server when no SKU is given', async () => {
    serve();
    renderAt('/product');
    expect(await screen.findByRole('heading', { level: 1, name: messages.notFound })).toBeTruthy();
    expect(sentRequests().some((request) => request.path.startsWith('/api/product-by-sku'))).toBe(false);
  });

  it('puts the product name in the document title', async () => {
    serve();
    renderAt('/product/NW-RS-X1234');
    await screen.findByRole('heading', { level: 1, name: product.name });
    await vi.waitFor(() => expect(document.title).toBe(`${product.name} | Dealer Portal`));
  });
});

describe('product text helpers', () => {
  it('clamps quantities to whole numbers from 1 to the cap', () => {
    expect(clampQuantity('')).toBe(1);
    expect(clampQuantity('0')).toBe(1);
    expect(clampQuantity('-3')).toBe(1);
    expect(clampQuantity('12')).toBe(12);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity('100000')).toBe(MAX_LINE_QUANTITY);
  });

  it('labels known metadata, humanizes the rest and drops internal keys', () => {
    expect(
      specificationRows([
        { key: 'manufacture_case_qty', value: '25' },
        { key: 'install_time', value: '45 min' },
        { key: 'category_slug', value: 'x' },
        { key: 'empty', value: ' ' },
      ]),
    ).toEqual([
      { label: 'Case quantity', value: '25' },
      { label: 'Install time', value: '45 min' },
    ]);
  });
});
