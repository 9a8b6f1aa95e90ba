import { useEffect, useState } from 'react';

/*
 * Issue 31: the first page, rendered in pieces. Preact renders a tree in one go, so the first page's shell,
 * footer and dashboard sections were one long task on a phone (Lighthouse counts every millisecond past
 * 50 of a task as blocking). A part that is not needed for the first view — below the fold, or hidden at
 * this width — asks for a turn here: it renders nothing at first, then each waiting part renders in a task
 * of its own, in the order they asked, so the browser can paint and answer a tap between them.
 *
 * Only the portal's first page is cut up: once every part of it has had its turn, a part that mounts later
 * (after a navigation) renders at once, as it always did.
 */

const waiting: Array<() => void> = [];
let turnScheduled = false;
let firstPageDone = false;

function takeTurn() {
  turnScheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) scheduleTurn();
  else firstPageDone = true;
}

function scheduleTurn() {
  if (turnScheduled) return;
  turnScheduled = true;
  // A macrotask, not a microtask: the render of one part ends its task before the next part starts.
  setTimeout(takeTurn, 0);
}

/**
 * False while this part waits for its turn during the portal's first page; true from then on (and at
 * once for parts that mount after it).
 */
export function useStaggeredMount(): boolean {
  const [ready, setReady] = useState(firstPageDone);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    waiting.push(() => {
      if (mounted) setReady(true);
    });
    scheduleTurn();
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}
