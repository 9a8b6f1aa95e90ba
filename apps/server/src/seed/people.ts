import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { symmetricEncrypt } from 'better-auth/crypto';
import type { PasswordHasher } from '../password-hash.ts';
import { ADMIN_ACCESS_TYPE, PERMISSION_GROUPS } from '@portal/contracts';
import type { Db } from '../db/client.ts';
import { accounts, userPermissionGroups, users, userTypes } from '../modules/users/schema.ts';
import { businessPartners } from '../modules/business-partners/schema.ts';
import { dealers, installers } from '../modules/dealers/schema.ts';
import type { Reference } from './reference.ts';
import { twoFactors } from '../modules/auth/schema.ts';

export const DEMO_PASSWORD = 'Portal!2026';

interface DemoPerson {
  email: string;
  firstName: string;
  lastName: string;
  types: { type: string; isOwner?: boolean }[];
  groups: string[];
  accessType?: string;
  isRetired?: boolean;
  phone?: string;
  /** Business the person belongs to (dealer staff and consumers). */
  business?: string;
  /** Staff record at that business's dealer. */
  staff?: { isOwner?: boolean; isPurchaser?: boolean };
  dealerPrimaryOf?: string;
  /** Second factor (spec 01 §4 preferred type). */
  mfa?: 'totp' | 'sms';
}

const G = PERMISSION_GROUPS;

/** The accounts of DEMO-DATA.md, all with the password Portal!2026. */
export const DEMO_PEOPLE: DemoPerson[] = [
  {
    email: 'installer@demo.test',
    firstName: 'Marcus',
    lastName: 'Reyes',
    types: [{ type: 'installer' }],
    groups: [G.installer],
    business: 'C100234',
    staff: {},
  },
  {
    email: 'purchaser@demo.test',
    firstName: 'Dana',
    lastName: 'Kowalski',
    types: [{ type: 'installer' }],
    groups: [G.installer],
    business: 'C100234',
    staff: { isPurchaser: true },
  },
  {
    email: 'owner@demo.test',
    firstName: 'Gary',
    lastName: 'Lindqvist',
    types: [{ type: 'dealer', isOwner: true }],
    groups: [G.dealerPrimary],
    business: 'C100234',
    staff: { isOwner: true },
    dealerPrimaryOf: 'C100234',
  },
  {
    email: 'accountant@demo.test',
    firstName: 'Priya',
    lastName: 'Natarajan',
    types: [{ type: 'dealer_accounting' }],
    groups: [G.dealerAccounting],
    business: 'C100234',
    staff: {},
  },
  {
    email: 'retired@demo.test',
    firstName: 'Walt',
    lastName: 'Brennan',
    types: [{ type: 'installer' }],
    groups: [G.installer],
    isRetired: true,
    business: 'C100234',
    staff: { isPurchaser: true },
  },
  {
    email: 'insiderep@demo.test',
    firstName: 'Tessa',
    lastName: 'Morales',
    types: [{ type: 'sales_rep' }],
    groups: [G.insideSalesRep],
  },
  {
    email: 'outsiderep@demo.test',
    firstName: 'Ben',
    lastName: 'Okafor',
    types: [{ type: 'sales_rep' }],
    groups: [G.outsideSalesRep],
  },
  {
    email: 'admin@demo.test',
    firstName: 'Alex',
    lastName: 'Chen',
    types: [{ type: 'admin' }],
    groups: [],
    accessType: ADMIN_ACCESS_TYPE,
  },
  {
    email: 'consumer@demo.test',
    firstName: 'Jordan',
    lastName: 'Ellis',
    types: [{ type: 'consumer' }],
    groups: [],
    business: 'B2C-000001',
  },
  {
    email: 'totp@demo.test',
    firstName: 'Erik',
    lastName: 'Halvorsen',
    types: [{ type: 'dealer', isOwner: true }],
    groups: [G.dealerPrimary],
    business: 'C100310',
    staff: { isOwner: true },
    dealerPrimaryOf: 'C100310',
    mfa: 'totp',
  },
  {
    email: 'sms@demo.test',
    firstName: 'Kayla',
    lastName: 'Dubois',
    types: [{ type: 'installer' }],
    groups: [G.installer],
    phone: '5550100001',
    business: 'C100310',
    staff: {},
    mfa: 'sms',
  },
];

/** TOTP secret of totp@demo.test (DEMO-DATA.md). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** Demo accounts, their roles, the dealers they work for, and the reps assigned to businesses. */
export async function seedPeople(
  db: Db,
  ref: Reference,
  bpIdByCode: Map<string, string>,
  authSecret: string,
  passwords: PasswordHasher,
) {
  const hashes = await Promise.all(DEMO_PEOPLE.map(() => passwords.hash(DEMO_PASSWORD)));
  const idByEmail = new Map(DEMO_PEOPLE.map((p) => [p.email, randomUUID()]));

  await db.insert(users).values(
    DEMO_PEOPLE.map((p) => ({
      id: idByEmail.get(p.email)!,
      name: `${p.firstName} ${p.lastName}`,
      email: p.email,
      emailVerified: true,
      firstName: p.firstName,
      lastName: p.lastName,
      accessType: p.accessType ?? null,
      isRetired: p.isRetired ?? false,
      phoneNumber: p.phone ?? null,
      businessPartnerId: p.business ? bpIdByCode.get(p.business)! : null,
      mfaType: p.mfa ?? ('none' as const),
      twoFactorEnabled: p.mfa !== undefined,
    })),
  );
  // The TOTP secret is stored as better-auth stores an imported one: 'base32:<secret>', encrypted
  // with the auth secret (so the seed must run with the secret the server uses).
  for (const person of DEMO_PEOPLE.filter((p) => p.mfa === 'totp')) {
    await db.insert(twoFactors).values({
      id: randomUUID(),
      userId: idByEmail.get(person.email)!,
      secret: await symmetricEncrypt({ key: authSecret, data: `base32:${DEMO_TOTP_SECRET}` }),
      backupCodes: await symmetricEncrypt({ key: authSecret, data: JSON.stringify([]) }),
      verified: true,
    });
  }
  await db.insert(accounts).values(
    DEMO_PEOPLE.map((p, i) => ({
      id: randomUUID(),
      accountId: idByEmail.get(p.email)!,
      providerId: 'credential',
      userId: idByEmail.get(p.email)!,
      password: hashes[i]!,
    })),
  );
  await db
    .insert(userTypes)
    .values(
      DEMO_PEOPLE.flatMap((p) =>
        p.types.map((t) => ({ userId: idByEmail.get(p.email)!, type: t.type, isOwner: t.isOwner ?? false })),
      ),
    );
  await db
    .insert(userPermissionGroups)
    .values(
      DEMO_PEOPLE.flatMap((p) =>
        p.groups.map((g) => ({ userId: idByEmail.get(p.email)!, groupId: ref.groupIdByName.get(g)! })),
      ),
    );

  // Dealers: the businesses with staff (Northside, Lakeside). Harbor (C100977) has none on purpose.
  const dealerIdByCode = new Map<string, string>();
  for (const code of new Set(DEMO_PEOPLE.filter((p) => p.staff).map((p) => p.business!))) {
    const [bp] = await db.select().from(businessPartners).where(eq(businessPartners.sapBpCode, code));
    const owner = DEMO_PEOPLE.find((p) => p.dealerPrimaryOf === code)!;
    const [dealer] = await db
      .insert(dealers)
      .values({
        businessPartnerId: bp!.id,
        isPublicProfile: true,
        contactEmail: owner.email,
        profile: {
          displayName: bp!.companyName,
          phone: bp!.phone ?? '',
          phoneCountry: 'USCA',
          website: `https://www.${bp!.companyName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
          contactRoles: ['owner', 'sales rep'],
          city: code === 'C100234' ? 'Columbus' : 'Duluth',
          countryArea: code === 'C100234' ? 'OH' : 'MN',
        },
      })
      .returning({ id: dealers.id });
    dealerIdByCode.set(code, dealer!.id);
    await db
      .update(businessPartners)
      .set({ dealerPrimaryUserId: idByEmail.get(owner.email)! })
      .where(eq(businessPartners.id, bp!.id));
  }
  await db.insert(installers).values(
    DEMO_PEOPLE.filter((p) => p.staff).map((p) => ({
      userId: idByEmail.get(p.email)!,
      dealerId: dealerIdByCode.get(p.business!)!,
      isOwner: p.staff!.isOwner ?? false,
      isPurchaser: p.staff!.isPurchaser ?? false,
      isRetired: p.isRetired ?? false,
    })),
  );

  // Every B2B business has the demo reps assigned (spec 01 §3 user info: insideSalesRep, outsideSalesRep).
  await db.update(businessPartners).set({
    insideSalesRepUserId: idByEmail.get('insiderep@demo.test')!,
    outsideSalesRepUserId: idByEmail.get('outsiderep@demo.test')!,
  });
  return idByEmail;
}
