import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { forgetSentRequests, server } from './server.ts';

// jsdom has no layout: scrolling is a no-op here.
window.scrollTo = () => {};

// Every API call of a test is answered by the handlers (test/handlers.ts and the test's own);
// a request nobody answers fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  server.resetHandlers();
  forgetSentRequests();
});

afterAll(() => server.close());
