/**
 * The /wiring area's address (spec 01 §2.6): `vehicle` ("year,makeId,modelId") and `slide`,
 * plus what a slide needs: `category` (a wiring or instruction category), `trim` (an external
 * list's trim), `product` (a product id or SKU), `q` (the T-harness search term), `folder`.
 * Every slide is a page of its own in the history, so the browser's back steps back through them.
 */
export const SLIDES = [
  'search',
  'vehicle',
  'internal-wiring-categories',
  'ads-wiring-categories',
  'automob-wiring-categories',
  'instruction-categories',
  'internal-wiring-results',
  'ads-wiring-results',
  'automob-wiring-results',
  'instruction-results',
  'ads-product-results',
  'ads-product',
  'product-accessory',
  't-harness-search',
  // Ours: the vehicle options that open a list of their own, and the folder browser.
  'compatible-modules',
  'installer-guides',
  'product-features',
  'folders',
] as const;
export type Slide = (typeof SLIDES)[number];

export interface WiringAddress {
  slide: Slide;
  vehicle: string | null;
  category: string | null;
  trim: string | null;
  product: string | null;
  q: string;
  folder: string | null;
}

const isSlide = (value: string | null): value is Slide =>
  value !== null && (SLIDES as readonly string[]).includes(value);
const param = (params: URLSearchParams, name: string, max = 120) => {
  const value = params.get(name)?.trim().slice(0, max);
  return value ? value : null;
};

/** Reads the address; a slide that needs a vehicle (or a term) it lacks falls back to one it can show. */
export function parseWiringParams(params: URLSearchParams): WiringAddress {
  const vehicle = param(params, 'vehicle');
  const raw = params.get('slide');
  const address: WiringAddress = {
    slide: isSlide(raw) ? raw : vehicle ? 'vehicle' : 'search',
    vehicle,
    category: param(params, 'category'),
    trim: param(params, 'trim'),
    product: param(params, 'product'),
    q: param(params, 'q', 100) ?? '',
    folder: param(params, 'folder'),
  };
  if (!vehicle && address.slide !== 'folders' && address.slide !== 't-harness-search') address.slide = 'search';
  return address;
}

/** The address of a slide; empty parts are left out so links stay short. */
export function wiringPath(next: Partial<WiringAddress> & { slide: Slide }): string {
  const params = new URLSearchParams();
  if (next.vehicle) params.set('vehicle', next.vehicle);
  if (next.slide !== 'search') params.set('slide', next.slide);
  for (const key of ['category', 'trim', 'product', 'folder', 'q'] as const) {
    const value = next[key];
    if (value) params.set(key, value);
  }
  const query = params.toString().replace(/%2C/g, ',');
  return `/wiring${query ? `?${query}` : ''}`;
}

/** Where each slide sits under another: the trail the back button steps through (spec 01 §2.4). */
const PARENT: Record<Slide, Slide | null> = {
  search: null,
  vehicle: 'search',
  'internal-wiring-categories': 'vehicle',
  'ads-wiring-categories': 'vehicle',
  'automob-wiring-categories': 'vehicle',
  'instruction-categories': 'vehicle',
  'internal-wiring-results': 'internal-wiring-categories',
  'ads-wiring-results': 'ads-wiring-categories',
  'automob-wiring-results': 'automob-wiring-categories',
  'instruction-results': 'instruction-categories',
  'ads-product-results': 'ads-wiring-categories',
  'ads-product': 'ads-product-results',
  'compatible-modules': 'vehicle',
  'product-features': 'compatible-modules',
  'product-accessory': 'product-features',
  't-harness-search': 'vehicle',
  'installer-guides': 'vehicle',
  folders: 'search',
};

/** Which parts of the address a slide keeps (a category list forgets the chosen category). */
const KEEPS: Record<Slide, (keyof WiringAddress)[]> = {
  search: [],
  vehicle: ['vehicle'],
  'internal-wiring-categories': ['vehicle'],
  'ads-wiring-categories': ['vehicle'],
  'automob-wiring-categories': ['vehicle'],
  'instruction-categories': ['vehicle'],
  'internal-wiring-results': ['vehicle', 'category'],
  'ads-wiring-results': ['vehicle', 'trim'],
  'automob-wiring-results': ['vehicle', 'trim'],
  'instruction-results': ['vehicle', 'category'],
  'ads-product-results': ['vehicle', 'trim'],
  'ads-product': ['vehicle', 'trim', 'product'],
  'compatible-modules': ['vehicle'],
  'product-features': ['vehicle', 'product'],
  // The trim says the product came from iDatawire's modules (its trail goes back there).
  'product-accessory': ['vehicle', 'product', 'category', 'trim'],
  't-harness-search': ['vehicle', 'q'],
  'installer-guides': ['vehicle'],
  folders: ['folder'],
};

/** The address of a slide, keeping only what that slide reads from the current one. */
export function slidePath(from: WiringAddress, slide: Slide, extra: Partial<WiringAddress> = {}): string {
  const next: Partial<WiringAddress> & { slide: Slide } = { slide };
  for (const key of KEEPS[slide]) (next as Record<string, unknown>)[key] = from[key];
  return wiringPath({ ...next, ...extra, slide });
}

/** The trail from the search slide to this one (the wiring area's breadcrumbs). */
export function slideTrail(slide: Slide, address?: Pick<WiringAddress, 'trim'>): Slide[] {
  const trail: Slide[] = [];
  for (let s: Slide | null = slide; s; s = parentSlide(s, address)) trail.unshift(s);
  return trail;
}

/**
 * One step up the trail; null on the search slide. Accessories sit under the product they were
 * opened from: an iDatawire module (the address has its trim) or a compatible module's features.
 */
export const parentSlide = (slide: Slide, address?: Pick<WiringAddress, 'trim'>): Slide | null =>
  slide === 'product-accessory' && address?.trim ? 'ads-product' : PARENT[slide];
