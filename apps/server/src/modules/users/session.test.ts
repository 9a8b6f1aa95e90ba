import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, type Session } from '@portal/contracts';
import { countQueries, createTestApp, type TestContext } from '../../../test/helpers.ts';
import { signedInAs, type TestClient } from '../../../test/client.ts';
import { permissionGroups, userPermissionGroups, userPreferences, users } from './schema.ts';

// issue 17: every page waits on /api/session; a session asked before is answered from the caches that
// the database's change notices keep (session read and actor, with the preferences), reading nothing.

let t: TestContext;
let queries: ReturnType<typeof countQueries>;
beforeAll(async () => {
  t = await createTestApp();
  queries = countQueries();
});
afterAll(async () => {
  queries.stop();
  await t.close();
});
afterEach(() => queries.reset());

const session = async (c: TestClient) => {
  const res = await c.call(endpoints.session.get);
  expect(res.statusCode).toBe(200);
  return res.json() as Session;
};
/** The session as the very next request sees it, after a write the test made itself (not a request). */
const afterWrite = async (c: TestClient, write: () => Promise<unknown>) => {
  await write();
  await t.noticed();
  return session(c);
};
const userIdOf = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('GET /api/session from the caches', () => {
  it('reads nothing from the database when asked again: an owner, a rep acting for a business', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    const rep = await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' });
    for (const [client, business] of [
      [owner, null],
      [rep, 'C100234'],
    ] as const) {
      const first = await session(client);
      await t.noticed();
      queries.reset();
      for (let i = 0; i < 3; i++) expect(await session(client)).toEqual(first);
      expect(queries.asked).toEqual([]);
      expect(first.preferences).toEqual({ searchPageSize: null });
      if (business) expect(first.selectedBusiness?.sapBpCode).toBe(business);
    }
  });

  it('shows a change to the preferences in the very next answer, saved by a request or by anyone', async () => {
    const owner = await signedInAs(t.app, 'owner@demo.test');
    await session(owner);
    expect((await owner.call(endpoints.session.savePreferences, { body: { searchPageSize: 40 } })).statusCode).toBe(
      200,
    );
    expect((await session(owner)).preferences).toEqual({ searchPageSize: 40 });
    const ownerId = await userIdOf('owner@demo.test');
    const saved = await afterWrite(owner, () =>
      t.db.update(userPreferences).set({ searchPageSize: 100 }).where(eq(userPreferences.userId, ownerId)),
    );
    expect(saved.preferences).toEqual({ searchPageSize: 100 });
    const removed = await afterWrite(owner, () =>
      t.db.delete(userPreferences).where(eq(userPreferences.userId, ownerId)),
    );
    expect(removed.preferences).toEqual({ searchPageSize: null });
  });

  it("shows a change to the user's groups in the very next answer", async () => {
    const installer = await signedInAs(t.app, 'installer@demo.test');
    const before = (await session(installer)).user!.permissionGroups;
    const installerId = await userIdOf('installer@demo.test');
    const [other] = await t.db.select().from(permissionGroups);
    const added = await afterWrite(installer, () =>
      t.db.insert(userPermissionGroups).values({ userId: installerId, groupId: other!.id }).onConflictDoNothing(),
    );
    expect(added.user!.permissionGroups).toContain(other!.name);
    const removed = await afterWrite(installer, () =>
      t.db
        .delete(userPermissionGroups)
        .where(and(eq(userPermissionGroups.userId, installerId), eq(userPermissionGroups.groupId, other!.id))),
    );
    expect(removed.user!.permissionGroups).toEqual(before.filter((name) => name !== other!.name));
  });

  it('shows the business a rep selects, clears or acts for in the very next answer', async () => {
    const rep = await signedInAs(t.app, 'outsiderep@demo.test', { sapBpCode: 'C100234' });
    expect((await session(rep)).selectedBusiness?.sapBpCode).toBe('C100234');
    expect((await rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100977' } })).statusCode).toBe(200);
    expect((await session(rep)).selectedBusiness?.sapBpCode).toBe('C100977');
    expect((await rep.call(endpoints.session.clearBusiness)).statusCode).toBe(200);
    expect((await session(rep)).selectedBusiness).toBeNull();
  });
});
