import { setupServer } from 'msw/node';
import { handlers } from './handlers.ts';

/** The one request-handler server of the web tests, started in setup.ts; tests add answers with `server.use`. */
export const server = setupServer(...handlers);

export interface SentRequest {
  method: string;
  /** Path and query, as the screen asked: '/api/dealers/d1/installers?limit=80'. */
  path: string;
  /** The JSON body, once read (null without one). */
  body: unknown;
}

const sent: SentRequest[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: SentRequest = { method: request.method, path: url.pathname + url.search, body: null };
  sent.push(entry);
  void request
    .clone()
    .text()
    .then((text) => (entry.body = text ? (JSON.parse(text) as unknown) : null));
});

/** The requests the screen sent in this test, in order. */
export const sentRequests = (): readonly SentRequest[] => sent;

/** Forgets the requests of the test that ended (setup.ts). */
export const forgetSentRequests = () => void sent.splice(0);
