import type { ReactNode } from 'react';
import { useStaggeredMount } from '../lib/stagger.ts';

/** Renders its children once their turn of the first page has come (lib/stagger.ts); `placeholder` until then. */
export function Staggered({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  return <>{useStaggeredMount() ? children : placeholder}</>;
}
