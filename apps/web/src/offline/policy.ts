/**
 * What the phone keeps for working without signal (issue 31 item 2), in one place: read by the service worker
 * (src/sw.ts) to answer requests and by the app to ask what is kept and to forget it at sign-out.
 *
 * - The app's code and styles (hashed, never changing) are kept from install on: every screen opens offline.
 * - A page's HTML: the last one the network gave, kept for offline starts (it holds nothing personal).
 * - Data: the answers of the reads an installer needs in the bay — the session, vehicle lookups, wiring and
 *   instruction sheets, documents, vehicle pictures, folders, activations and a device's history — taken from
 *   the network first and kept for when there is none. Nothing priced (products, carts, prices, orders, invoices)
 *   is kept, and nothing that changes anything is ever answered from the store or sent again by the worker.
 *   The data store is personal: emptied at sign-out and at sign-in.
 */
export const CACHES = {
  /** The build's files (precached by the worker; Workbox names its own). */
  assets: 'portal-assets-v1',
  pages: 'portal-pages-v1',
  data: 'portal-data-v1',
} as const;

/** Reads sent as POST (their answer depends on the body): kept under a key made of the path and the body. */
const POST_READS = new Set([
  '/api/year-make-model',
  '/api/dot-vehicle-by-vin',
  '/api/vehicle-info',
  '/api/internal-vehicle-wiring',
  '/api/external-vehicle-wiring',
  '/api/wiring-by-category',
  '/api/instructions-by-category',
  '/api/guides-by-vehicle-ids',
  '/api/t-harness-by-sku',
  '/api/product-features',
]);

/** GET reads kept for offline use. */
const GET_READS = [
  /^\/api\/session$/,
  /^\/api\/folder(?:\/[^/]+)?$/,
  /^\/api\/documents\/[^/]+$/,
  /^\/api\/vehicle-images\/[^/]+$/,
  /^\/api\/activations(?:\/[^/]+)?$/,
  /^\/api\/device\/[^/]+\/(?:history|activations)$/,
];

export type Handling = 'page' | 'asset' | 'data' | 'post-read' | 'network';

/** How the worker answers a request of this origin. */
export function handlingOf(method: string, url: URL, mode: string): Handling {
  if (method === 'GET' && mode === 'navigate' && !url.pathname.startsWith('/api/')) return 'page';
  if (method === 'GET' && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/images/'))) return 'asset';
  if (method === 'GET' && GET_READS.some((pattern) => pattern.test(url.pathname))) return 'data';
  if (method === 'POST' && POST_READS.has(url.pathname)) return 'post-read';
  return 'network';
}

/** The key a POST read is kept under: its URL with the SHA-256 of its body (the Cache API keeps GETs only). */
export async function postReadKey(url: string, body: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const key = new URL(url);
  key.searchParams.set('offline-body', hex);
  return key.href;
}

/** The body the app sends for a POST read (JSON.stringify of the request's body, as lib/api.ts sends it). */
export const postReadBody = (body: unknown) => JSON.stringify(body);
