import { useEffect, useState } from 'react';

/*
 * Issue 31: a section far below the fold asks for its data and renders its cards when the reader comes near it,
 * a screen ahead, not while the first view is being drawn. On a phone the dashboard's lower sections were half
 * of its first load's work (their calls, their cards, their layout) for content a reader may never scroll to.
 * Once near, a section stays rendered. Where IntersectionObserver does not exist, everything is near.
 */

/** How far ahead of the visible screen a section counts as near: one screen's height above and below. */
const NEAR_MARGIN = '100% 0px';

/**
 * `[ref, near]`: give `ref` to the element that stands for the part (its section, or a marker where it will be);
 * `near` turns true the first time that element comes within a screen of the visible one, and stays true.
 */
export function useNearViewport<E extends Element>(): readonly [(element: E | null) => void, boolean] {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const [element, setElement] = useState<E | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return [setElement, near] as const;
}
