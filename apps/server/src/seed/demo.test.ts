import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like, or, sql } from 'drizzle-orm';
import { createPasswordHasher } from '../password-hash.ts';
import { ADMIN_ACCESS_TYPE, PERMISSION_GROUPS } from '@portal/contracts';
import type { Database } from '../db/client.ts';
import { accounts, permissionGroups, userPermissionGroups, users, userTypes } from '../modules/users/schema.ts';
import {
  businessPartnerAddresses,
  businessPartnerApprovedBrands,
  businessPartners,
} from '../modules/business-partners/schema.ts';
import { dealers, installers } from '../modules/dealers/schema.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE } from './people.ts';

/** Verifies a stored hash at whatever scrypt cost it records. */
const verifyHash = createPasswordHasher().verify;
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const groupsOf = async (email: string) => {
  const rows = await database.db
    .select({ name: permissionGroups.name })
    .from(users)
    .innerJoin(userPermissionGroups, eq(userPermissionGroups.userId, users.id))
    .innerJoin(permissionGroups, eq(permissionGroups.id, userPermissionGroups.groupId))
    .where(eq(users.email, email));
  return rows.map((r) => r.name);
};

const staffRecordOf = async (email: string) => {
  const [row] = await database.db
    .select({ installer: installers, code: businessPartners.sapBpCode })
    .from(users)
    .innerJoin(installers, eq(installers.userId, users.id))
    .innerJoin(dealers, eq(dealers.id, installers.dealerId))
    .innerJoin(businessPartners, eq(businessPartners.id, dealers.businessPartnerId))
    .where(eq(users.email, email));
  return row;
};

describe('demo data contract (DEMO-DATA.md)', () => {
  it('has exactly the eleven demo accounts, each signing in with Portal!2026', async () => {
    const rows = await database.db
      .select({ email: users.email, hash: accounts.password })
      .from(users)
      .innerJoin(accounts, eq(accounts.userId, users.id))
      .where(like(users.email, '%@demo.test'));
    expect(rows.map((r) => r.email).sort()).toEqual(DEMO_PEOPLE.map((p) => p.email).sort());
    expect(rows).toHaveLength(11);
    for (const row of rows) expect(await verifyHash({ hash: row.hash!, password: DEMO_PASSWORD })).toBe(true);
    expect(await verifyHash({ hash: rows[0]!.hash!, password: 'portal!2026' })).toBe(false);
  });

  it('gives each account its role', async () => {
    expect(await staffRecordOf('installer@demo.test')).toMatchObject({
      code: 'C100234',
      installer: { isOwner: false, isPurchaser: false },
    });
    expect(await staffRecordOf('purchaser@demo.test')).toMatchObject({
      code: 'C100234',
      installer: { isPurchaser: true },
    });
    expect(await staffRecordOf('owner@demo.test')).toMatchObject({ code: 'C100234', installer: { isOwner: true } });
    expect(await groupsOf('owner@demo.test')).toEqual([PERMISSION_GROUPS.dealerPrimary]);
    expect(await groupsOf('accountant@demo.test')).toEqual([PERMISSION_GROUPS.dealerAccounting]);
    expect(await staffRecordOf('retired@demo.test')).toMatchObject({ installer: { isRetired: true } });
    expect(await groupsOf('insiderep@demo.test')).toEqual([PERMISSION_GROUPS.insideSalesRep]);
    expect(await groupsOf('outsiderep@demo.test')).toEqual(['Firstech Outside Sales Rep']);
    expect(await staffRecordOf('totp@demo.test')).toMatchObject({ code: 'C100310', installer: { isOwner: true } });
    expect(await staffRecordOf('sms@demo.test')).toMatchObject({ code: 'C100310' });

    const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    expect(admin!.accessType).toBe(ADMIN_ACCESS_TYPE);
    const [retired] = await database.db.select().from(users).where(eq(users.email, 'retired@demo.test'));
    expect(retired!.isRetired).toBe(true);
    const [sms] = await database.db.select().from(users).where(eq(users.email, 'sms@demo.test'));
    expect(sms!.phoneNumber).toBe('5550100001');
    const installerTypes = await database.db
      .select({ type: userTypes.type })
      .from(userTypes)
      .innerJoin(users, eq(users.id, userTypes.userId))
      .where(eq(users.email, 'installer@demo.test'));
    expect(installerTypes).toEqual([{ type: 'installer' }]);
  });

  it('has the named businesses with their rules', async () => {
    const named = await database.db
      .select()
      .from(businessPartners)
      .where(inArray(businessPartners.sapBpCode, ['C100234', 'C100310', 'C100977', 'N200145', 'B2C-000001']));
    const byCode = Object.fromEntries(named.map((b) => [b.sapBpCode, b]));
    expect(byCode.C100234).toMatchObject({ companyName: 'Northside Auto Sound', channelSlug: 'dealer' });
    // Balances come from invoices, not typed-in figures (issue 15 §5): the credit term is seeded, no balance.
    expect(byCode.C100234).toMatchObject({ creditLimitCents: 5_000_000 });
    expect(byCode.C100234).not.toHaveProperty('accountBalanceCents');
    expect(byCode.C100310!.companyName).toBe('Lakeside Remote Start');
    expect(byCode.C100977).toMatchObject({ companyName: 'Harbor Mobile Electronics', dealerPrimaryUserId: null });
    expect(byCode.N200145).toMatchObject({ companyName: 'Maple Leaf Remote Starters', country: 'CA' });
    expect(byCode['B2C-000001']!.channelSlug).toBe('msrp');

    const [owner] = await database.db.select().from(users).where(eq(users.email, 'owner@demo.test'));
    expect(byCode.C100234!.dealerPrimaryUserId).toBe(owner!.id);
    const [totp] = await database.db.select().from(users).where(eq(users.email, 'totp@demo.test'));
    expect(byCode.C100310!.dealerPrimaryUserId).toBe(totp!.id);

    const approved = await database.db.$count(
      businessPartnerApprovedBrands,
      eq(businessPartnerApprovedBrands.businessPartnerId, byCode.C100234!.id),
    );
    expect(approved).toBe(3);
    const shipping = await database.db
      .select()
      .from(businessPartnerAddresses)
      .where(eq(businessPartnerAddresses.businessPartnerId, byCode.C100234!.id));
    expect(shipping.find((a) => a.type === 'SHIPPING')).toMatchObject({ isDefaultShipping: true, countryArea: 'OH' });
  });

  it('has at least 250 more generated businesses with unique codes and names', async () => {
    const all = await database.db
      .select({ code: businessPartners.sapBpCode, name: businessPartners.companyName })
      .from(businessPartners);
    expect(all.length).toBeGreaterThanOrEqual(255);
    expect(new Set(all.map((b) => b.code)).size).toBe(all.length);
    expect(new Set(all.map((b) => b.name)).size).toBe(all.length);
    const canadian = await database.db.$count(businessPartners, or(like(businessPartners.sapBpCode, 'N%'), sql`false`));
    expect(canadian).toBeGreaterThan(1);
  });
});
