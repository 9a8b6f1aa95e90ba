import { CAROUSEL_SWIPE_THRESHOLD_PX } from '@portal/contracts/constants';

/** Time a slide stays before the next one comes in (ours: the spec gives only the swipe threshold). */
export const CAROUSEL_AUTO_ADVANCE_MS = 7000;

/** The slide `index` lands on in a ring of `count` slides (next after the last is the first). */
export const wrapIndex = (index: number, count: number) => (count > 0 ? ((index % count) + count) % count : 0);

/**
 * spec 01 §9: a swipe changes the slide once it travels 30 px sideways, and only when it is more
 * sideways than up or down (a vertical scroll never turns the carousel). Swiping left shows the
 * next slide, as on a phone's photo viewer.
 */
export function swipeStep(dx: number, dy: number, threshold = CAROUSEL_SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Keys of the carousel's controls: arrows step, Home and End jump to the first and last slide. */
export function keyTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return wrapIndex(index + 1, count);
    case 'ArrowLeft':
      return wrapIndex(index - 1, count);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** Portal paths only: a slide's call to action never leaves the site (`//host` is another site). */
export const isPortalPath = (href: string) => href.startsWith('/') && !href.startsWith('//') && !href.includes('\\');
