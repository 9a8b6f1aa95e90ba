import { expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CartLink } from './TopNav.tsx';

it.each([
  [0, 'Cart'],
  [1, 'Cart, 1 item'],
  [3, 'Cart, 3 items'],
])('the cart link with %i in the cart is named "%s" (issue 15 §15)', (count, name) => {
  render(
    <MemoryRouter>
      <CartLink count={count} />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name })).toBeTruthy();
});
