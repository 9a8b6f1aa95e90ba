import { expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { PageLink } from './PageLink.tsx';

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

function routerAt(path: string) {
  const page = (
    <>
      <Where />
      <PageLink to="/search?b=compustar" className="brand">
        Compustar
      </PageLink>
    </>
  );
  return createMemoryRouter(
    [
      { path: '/', element: page },
      { path: '/search', element: page },
    ],
    { initialEntries: [path] },
  );
}

it('is a real link that a plain click follows inside the app, with the router (issue 31)', async () => {
  const router = routerAt('/');
  render(<RouterProvider router={router} />);
  const link = screen.getByRole('link', { name: 'Compustar' });
  expect(link.getAttribute('href')).toBe('/search?b=compustar');
  expect(link.className).toBe('brand');
  fireEvent.click(link, { button: 0 });
  expect(await screen.findByText('at /search?b=compustar')).toBeTruthy();
  expect(router.state.historyAction).toBe('PUSH');
});

it('leaves a click with a modifier key to the browser (a new tab), and a handler may cancel it', async () => {
  const router = routerAt('/');
  render(<RouterProvider router={router} />);
  const link = screen.getByRole('link', { name: 'Compustar' });
  const ctrlClick = fireEvent.click(link, { button: 0, ctrlKey: true });
  expect(ctrlClick).toBe(true); // not prevented: the browser opens it
  fireEvent.click(link, { button: 1 });
  expect(screen.getByText('at /')).toBeTruthy();
});
