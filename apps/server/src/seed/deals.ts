import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { brands, categories, products } from '../modules/catalog/schema.ts';
import { coupons, promotionProducts, promotions } from '../modules/deals/schema.ts';
import { homeSlides } from '../modules/content/schema.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Deals, coupons and carousel slides of the demo. Windows are relative to the seed time so a
 * fresh demo always has running deals, plus one ended and one upcoming of each to prove the
 * filtering.
 */
export async function seedDeals(db: Db, now = new Date()) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  const featured = async (categoryNames: string[], limit: number) =>
    (
      await db
        .select({ id: products.id })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(inArray(categories.name, categoryNames), eq(products.isAvailable, true)))
        .orderBy(desc(products.popularity), products.sku)
        .limit(limit)
    ).map((p) => p.id);

  const promotionRows = await db
    .insert(promotions)
    .values([
      {
        slug: 'winter-remote-start',
        title: 'Winter Remote Start Event',
        summary: 'The remote starters and security systems customers ask for when the cold arrives.',
        badge: 'Winter Deal',
        position: 0,
        startsAt: at(-7),
        endsAt: at(180),
      },
      {
        slug: 'install-bay-essentials',
        title: 'Install Bay Essentials',
        summary: 'Tools, harnesses and bypass modules that keep the bay moving.',
        badge: 'Bay Deal',
        position: 1,
        startsAt: at(-3),
        endsAt: at(90),
      },
      {
        slug: 'summer-dash-cam',
        title: 'Summer Dash Cam Sale',
        summary: 'Ended.',
        badge: 'Summer Deal',
        position: 2,
        startsAt: at(-120),
        endsAt: at(-1),
      },
      {
        slug: 'spring-security',
        title: 'Spring Security Week',
        summary: 'Not started yet.',
        badge: 'Spring Deal',
        position: 3,
        startsAt: at(30),
        endsAt: at(60),
      },
    ])
    .returning({ id: promotions.id, slug: promotions.slug });
  const idOf = new Map(promotionRows.map((p) => [p.slug, p.id]));
  const plan: [string, string[], number][] = [
    ['winter-remote-start', ['Remote Start', 'Remote Start + Security'], 12],
    ['install-bay-essentials', ['Installer Tools', 'T-Harnesses', 'Bypass Module'], 12],
    ['summer-dash-cam', ['Dash Cameras'], 6],
    ['spring-security', ['Security'], 6],
  ];
  for (const [slug, categoryNames, limit] of plan) {
    const ids = await featured(categoryNames, limit);
    if (ids.length)
      await db
        .insert(promotionProducts)
        .values(ids.map((productId, position) => ({ promotionId: idOf.get(slug)!, productId, position })));
  }

  const brandId = async (name: string) =>
    (await db.select({ id: brands.id }).from(brands).where(eq(brands.name, name)))[0]?.id ?? null;
  await db.insert(coupons).values([
    {
      code: 'WINTER10',
      title: '10% off ArcticStart',
      description: 'Ten percent off every ArcticStart remote starter on one order.',
      kind: 'percent',
      value: 10,
      brandId: await brandId('ArcticStart'),
      startsAt: at(-7),
      endsAt: at(180),
    },
    {
      code: 'TOOLS15',
      title: '15% off ProTools 12V',
      description: 'Fifteen percent off installer tools from ProTools 12V.',
      kind: 'percent',
      value: 15,
      brandId: await brandId('ProTools 12V'),
      startsAt: at(-3),
      endsAt: at(90),
    },
    {
      code: 'BULK50',
      title: '$50 off orders of $1,000 or more',
      description: 'Fifty dollars off any account order with a subtotal of $1,000 or more.',
      kind: 'amount',
      value: 5000,
      minSubtotalCents: 100_000,
      audience: 'accounts',
      startsAt: at(-14),
      endsAt: at(120),
    },
    {
      code: 'FALL5',
      title: '5% off (ended)',
      description: 'Ended.',
      kind: 'percent',
      value: 5,
      startsAt: at(-90),
      endsAt: at(-2),
    },
  ]);

  await db.insert(homeSlides).values([
    {
      title: 'Winter Remote Start Event',
      body: 'Remote starters and security systems at your business’s price, while the cold lasts.',
      ctaLabel: 'Shop the deals',
      ctaHref: '/deals',
      theme: 'night',
      position: 0,
    },
    {
      title: 'Wiring for the car in your bay',
      body: 'Pick year, make and model or enter a VIN for wire colours, locations and install notes.',
      ctaLabel: 'Find vehicle wiring',
      ctaHref: '/wiring',
      theme: 'signal',
      position: 1,
    },
    {
      title: 'Activate a device in a minute',
      body: 'Enter the serial number, choose a plan and hand your customer a working system.',
      ctaLabel: 'Start an activation',
      ctaHref: '/activation',
      theme: 'steel',
      position: 2,
    },
    {
      title: 'Sell and install with us',
      body: 'Open a dealer account for dealer pricing, net terms and installer training.',
      ctaLabel: 'Become a dealer',
      ctaHref: '/dealer-request',
      theme: 'forest',
      position: 3,
    },
    {
      title: 'Last season’s sale',
      body: 'Ended.',
      ctaLabel: 'Shop',
      ctaHref: '/deals',
      theme: 'night',
      position: 4,
      startsAt: at(-60),
      endsAt: at(-1),
    },
  ]);
}
