import type { Db } from '../db/client.ts';
import {
  businessPartnerAddresses,
  businessPartnerApprovedBrands,
  businessPartners,
} from '../modules/business-partners/schema.ts';
import { BRAND_NAMES, type Reference } from './reference.ts';
import { createRandom, type Random } from './random.ts';

interface Place {
  city: string;
  area: string;
  zip: string;
  country: 'US' | 'CA';
  phoneArea: string;
}

const US_PLACES: Place[] = [
  ['Columbus', 'OH', '43215', '614'],
  ['Dayton', 'OH', '45402', '937'],
  ['Toledo', 'OH', '43604', '419'],
  ['Indianapolis', 'IN', '46204', '317'],
  ['Fort Wayne', 'IN', '46802', '260'],
  ['Grand Rapids', 'MI', '49503', '616'],
  ['Lansing', 'MI', '48933', '517'],
  ['Madison', 'WI', '53703', '608'],
  ['Green Bay', 'WI', '54301', '920'],
  ['Duluth', 'MN', '55802', '218'],
  ['Rochester', 'MN', '55902', '507'],
  ['Fargo', 'ND', '58102', '701'],
  ['Sioux Falls', 'SD', '57104', '605'],
  ['Des Moines', 'IA', '50309', '515'],
  ['Cedar Rapids', 'IA', '52401', '319'],
  ['Omaha', 'NE', '68102', '402'],
  ['Wichita', 'KS', '67202', '316'],
  ['Springfield', 'MO', '65806', '417'],
  ['Peoria', 'IL', '61602', '309'],
  ['Rockford', 'IL', '61101', '815'],
  ['Billings', 'MT', '59101', '406'],
  ['Missoula', 'MT', '59802', '406'],
  ['Boise', 'ID', '83702', '208'],
  ['Spokane', 'WA', '99201', '509'],
  ['Yakima', 'WA', '98901', '509'],
  ['Bend', 'OR', '97701', '541'],
  ['Salt Lake City', 'UT', '84101', '801'],
  ['Casper', 'WY', '82601', '307'],
  ['Denver', 'CO', '80202', '303'],
  ['Colorado Springs', 'CO', '80903', '719'],
  ['Albuquerque', 'NM', '87102', '505'],
  ['Anchorage', 'AK', '99501', '907'],
  ['Fairbanks', 'AK', '99701', '907'],
  ['Buffalo', 'NY', '14202', '716'],
  ['Syracuse', 'NY', '13202', '315'],
  ['Albany', 'NY', '12207', '518'],
  ['Erie', 'PA', '16501', '814'],
  ['Scranton', 'PA', '18503', '570'],
  ['Pittsburgh', 'PA', '15222', '412'],
  ['Burlington', 'VT', '05401', '802'],
  ['Manchester', 'NH', '03101', '603'],
  ['Portland', 'ME', '04101', '207'],
  ['Bangor', 'ME', '04401', '207'],
  ['Worcester', 'MA', '01608', '508'],
  ['Hartford', 'CT', '06103', '860'],
  ['Providence', 'RI', '02903', '401'],
  ['Charleston', 'WV', '25301', '304'],
  ['Roanoke', 'VA', '24011', '540'],
  ['Knoxville', 'TN', '37902', '865'],
  ['Lexington', 'KY', '40507', '859'],
  ['Raleigh', 'NC', '27601', '919'],
  ['Atlanta', 'GA', '30303', '404'],
  ['Birmingham', 'AL', '35203', '205'],
  ['Jackson', 'MS', '39201', '601'],
  ['Little Rock', 'AR', '72201', '501'],
  ['Tulsa', 'OK', '74103', '918'],
  ['Dallas', 'TX', '75201', '214'],
  ['Amarillo', 'TX', '79101', '806'],
  ['Reno', 'NV', '89501', '775'],
  ['Sacramento', 'CA', '95814', '916'],
  ['Flagstaff', 'AZ', '86001', '928'],
  ['San Juan', 'PR', '00901', '787'],
].map(([city, area, zip, phoneArea]) => ({
  city: city!,
  area: area!,
  zip: zip!,
  phoneArea: phoneArea!,
  country: 'US',
}));

const CA_PLACES: Place[] = [
  ['Toronto', 'ON', 'M5H 2N2', '416'],
  ['Ottawa', 'ON', 'K1P 1J1', '613'],
  ['Sudbury', 'ON', 'P3E 1H1', '705'],
  ['Winnipeg', 'MB', 'R3C 0V8', '204'],
  ['Regina', 'SK', 'S4P 3Y2', '306'],
  ['Saskatoon', 'SK', 'S7K 0J5', '306'],
  ['Calgary', 'AB', 'T2P 1J9', '403'],
  ['Edmonton', 'AB', 'T5J 0N3', '780'],
  ['Kelowna', 'BC', 'V1Y 6H2', '250'],
  ['Québec', 'QC', 'G1R 4S9', '418'],
  ['Moncton', 'NB', 'E1C 4M3', '506'],
  ['Halifax', 'NS', 'B3J 1S9', '902'],
].map(([city, area, zip, phoneArea]) => ({
  city: city!,
  area: area!,
  zip: zip!,
  phoneArea: phoneArea!,
  country: 'CA',
}));

const NAME_LEADS = [
  'Northern',
  'Summit',
  'Frontier',
  'Precision',
  'Blue Line',
  'Iron Horse',
  'Prairie',
  'Lakeshore',
  'Cold Start',
  'Highway',
  'Pinnacle',
  'Redline',
  'Eastside',
  'Westgate',
  'Valley',
  'Timberline',
  'Riverside',
  'Keystone',
  'Polar',
  'Granite',
  'Copper State',
  'Big Sky',
  'Harbor',
  'Metro',
  'Crossroads',
  'Evergreen',
  'Liberty',
  'Trailhead',
  'Overland',
  'Sterling',
  'Allied',
  'Midwest',
  'Thunder Bay',
  'Gold Coast',
  'Cascade',
  'Patriot',
];
const NAME_TRADES = [
  'Auto Sound',
  'Remote Start',
  'Car Audio',
  'Mobile Electronics',
  'Auto Security',
  'Tint & Audio',
  'Auto Accessories',
  'Customs',
  'Car Electronics',
  'Autosound & Security',
  '12 Volt',
  'Remote Starters',
];
const NAME_TAILS = ['', '', '', ' LLC', ' Inc.', ' & Installation', ' Co.', ' Outfitters', ' Pros', ' Garage'];
const STREETS = [
  'Main St',
  'Commerce Dr',
  'Industrial Pkwy',
  'Market St',
  'Highway 10',
  'Airport Rd',
  'Elm St',
  'Center Ave',
  'Route 9',
  'Broadway',
  'Oak Ave',
  'Mill Rd',
  'Harbor Blvd',
  'Park Ave',
  'Lake St',
  'Division St',
];

export interface BusinessSeed {
  sapBpCode: string;
  companyName: string;
  channelSlug: string;
  country: 'US' | 'CA';
  place: Place;
  street: string;
  /** The partner's credit term. Its balances are not seeded: they come from its invoices (issue 15 §5). */
  creditLimitCents: number;
  approvedBrands: string[];
}

function business(
  rng: Random,
  code: string,
  companyName: string,
  place: Place,
  extra: Partial<BusinessSeed> = {},
): BusinessSeed {
  const creditLimitCents = rng.pick([10_000, 25_000, 50_000, 75_000, 150_000]) * 100;
  const channelSlug = rng.chance(0.85) ? 'dealer' : rng.pick(['distributor', 'national-account']);
  const street = `${rng.int(100, 9899)} ${rng.pick(STREETS)}`;
  // The draws of the balances once typed in here, kept so the generated businesses stay the same.
  rng.int(0, Math.floor(creditLimitCents / 300));
  if (rng.chance(0.2)) rng.int(5, 300);
  return {
    sapBpCode: code,
    companyName,
    channelSlug,
    country: place.country,
    place,
    street,
    creditLimitCents,
    approvedBrands: BRAND_NAMES.filter(() => rng.chance(0.35)),
    ...extra,
  };
}

/** The businesses DEMO-DATA.md names, then at least 250 generated ones (deterministic). */
export function demoBusinesses(generatedCount = 260): BusinessSeed[] {
  const rng = createRandom(20261123);
  const place = (city: string) => [...US_PLACES, ...CA_PLACES].find((p) => p.city === city)!;
  const named: BusinessSeed[] = [
    business(rng, 'C100234', 'Northside Auto Sound', place('Columbus'), {
      channelSlug: 'dealer',
      street: '2750 Cleveland Ave',
      creditLimitCents: 5_000_000,
      approvedBrands: ['Northwind', 'ArcticStart', 'DriveLink'],
    }),
    business(rng, 'C100310', 'Lakeside Remote Start', place('Duluth'), {
      channelSlug: 'dealer',
      street: '1405 London Rd',
      approvedBrands: ['Northwind', 'Voltline'],
    }),
    business(rng, 'C100977', 'Harbor Mobile Electronics', place('Providence'), {
      channelSlug: 'dealer',
      street: '88 Allens Ave',
      approvedBrands: ['Sentinel', 'NuView'],
    }),
    business(rng, 'N200145', 'Maple Leaf Remote Starters', place('Winnipeg'), {
      channelSlug: 'dealer',
      street: '455 Pembina Hwy',
      approvedBrands: ['Northwind', 'ArcticStart'],
    }),
    business(rng, 'B2C-000001', 'Jordan Ellis', place('Boise'), {
      channelSlug: 'msrp',
      street: '1919 W Hill Rd',
      creditLimitCents: 0,
      approvedBrands: [],
    }),
  ];
  const seen = new Set(named.map((b) => b.companyName));
  const generated: BusinessSeed[] = [];
  for (let i = 0; generated.length < generatedCount; i++) {
    const canadian = rng.chance(0.08);
    const where = rng.pick(canadian ? CA_PLACES : US_PLACES);
    const lead = rng.chance(0.3) ? where.city : rng.pick(NAME_LEADS);
    const name = `${lead} ${rng.pick(NAME_TRADES)}${rng.pick(NAME_TAILS)}`;
    if (seen.has(name)) continue;
    seen.add(name);
    const code = canadian
      ? `N2${String(10_000 + i * 7).padStart(5, '0')}`
      : `C1${String(10_000 + i * 13).padStart(5, '0')}`;
    generated.push(business(rng, code, name, where));
  }
  return [...named, ...generated];
}

/** Inserts businesses with a default shipping and billing address and their approved brands. */
export async function seedBusinesses(db: Db, ref: Reference, seeds = demoBusinesses()) {
  const rows = await db
    .insert(businessPartners)
    .values(
      seeds.map((b) => ({
        sapBpCode: b.sapBpCode,
        companyName: b.companyName,
        channelSlug: b.channelSlug,
        country: b.country,
        creditLimitCents: b.creditLimitCents,
        phone: `${b.place.phoneArea}555${String(1000 + ((b.sapBpCode.length * 97 + b.companyName.length * 31) % 9000)).slice(0, 4)}`,
        email: `orders@${b.companyName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
      })),
    )
    .returning({ id: businessPartners.id, sapBpCode: businessPartners.sapBpCode });
  const idByCode = new Map(rows.map((r) => [r.sapBpCode, r.id]));

  const addresses = seeds.flatMap((b) => {
    const base = {
      businessPartnerId: idByCode.get(b.sapBpCode)!,
      name: b.companyName,
      streetAddress1: b.street,
      city: b.place.city,
      countryArea: b.place.area,
      postalCode: b.place.zip,
      country: b.country,
    };
    return [
      { ...base, type: 'SHIPPING' as const, isDefaultShipping: true },
      { ...base, type: 'BILLING' as const, isDefaultBilling: true },
    ];
  });
  for (let i = 0; i < addresses.length; i += 500) {
    await db.insert(businessPartnerAddresses).values(addresses.slice(i, i + 500));
  }
  const approvals = seeds.flatMap((b) =>
    b.approvedBrands.map((brand) => ({
      businessPartnerId: idByCode.get(b.sapBpCode)!,
      brandId: ref.brandIdByName.get(brand)!,
    })),
  );
  for (let i = 0; i < approvals.length; i += 500) {
    await db.insert(businessPartnerApprovedBrands).values(approvals.slice(i, i + 500));
  }
  return idByCode;
}
