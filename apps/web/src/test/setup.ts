import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { takeStubProblems } from './handlers.ts';
import { forgetSentRequests, server } from './server.ts';

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = () => {};

// Preact listens for `onPointerDown` as 'pointerdown' when the element has an `onpointerdown` property, as
// every browser's has; jsdom lacks the pointer ones, so they are given here (otherwise Preact would listen
// for 'PointerDown', an event nobody sends).
for (const type of [
  'pointerdown',
  'pointerup',
  'pointermove',
  'pointercancel',
  'pointerenter',
  'pointerleave',
  'pointerover',
  'pointerout',
]) {
  if (!(`on${type}` in HTMLElement.prototype)) {
    Object.defineProperty(HTMLElement.prototype, `on${type}`, { value: null, writable: true, configurable: true });
  }
}

// Every API call of a test is answered by the handlers (test/handlers.ts and the test's own);
// a request nobody answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  // A stub that answered what the server could not (handlers.ts `answer`) fails its test.
  const problems = takeStubProblems();
  if (problems.length > 0) throw new Error(`stubs the contracts refuse:\n${problems.join('\n')}`);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  server.resetHandlers();
  forgetSentRequests();
});

afterAll(() => server.close());
// Preact's hooks schedule their after-paint work with a 35 ms timeout that then calls cancelAnimationFrame: one
// still pending when the file ends would fire after jsdom is gone (an uncaught ReferenceError that fails the
// run). Let it fire while the window still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 50)));
