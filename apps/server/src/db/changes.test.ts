import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { createTestApp, writeUnnoticed, type TestContext } from '../../test/helpers.ts';
import { call, testClient } from '../../test/client.ts';
import { users } from '../modules/users/schema.ts';
import { sessions } from '../modules/auth/schema.ts';
import { businessPartners } from '../modules/business-partners/schema.ts';
import { products } from '../modules/catalog/schema.ts';
import { FEED_APPLICATION, type ChangeKind } from './changes.ts';
import { createMemo } from './memo.ts';
import { endpoints } from '@portal/contracts';

// The database's change notices and the in-memory caches that listen to them (sessions, pricing).

const waitFor = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('change notices', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('tell of catalog and identity writes, whoever makes them, and whom they concern', async () => {
    const heard: string[] = [];
    const stops = (['catalog', 'identity'] as ChangeKind[]).map((kind) =>
      t.changes.subscribe(kind, (subject) => heard.push(`${kind}:${subject}`)),
    );
    const hear = async (write: () => Promise<unknown>) => {
      heard.length = 0;
      await write();
      await t.noticed();
      return [...new Set(heard)].sort();
    };
    try {
      const [installer] = await t.db.select().from(users).where(eq(users.email, 'installer@demo.test'));
      expect(
        await hear(() =>
          t.db
            .update(products)
            .set({ popularity: sql`${products.popularity} + 1` })
            .where(sql`false`),
        ),
      ).toEqual(['catalog:*']);
      expect(
        await hear(() =>
          t.db.update(users).set({ firstName: installer!.firstName }).where(eq(users.id, installer!.id)),
        ),
      ).toEqual([`identity:${installer!.id}`]);
      expect(
        await hear(() =>
          t.db
            .update(businessPartners)
            .set({ companyName: sql`${businessPartners.companyName}` })
            .where(sql`false`),
        ),
      ).toEqual(['identity:*']);
      // A sales rep's choice of business concerns the rep (the session's user).
      const rep = testClient(t.app);
      await rep.signIn('insiderep@demo.test');
      const repId = (await rep.session()).user!.id;
      expect(
        await hear(() => rep.call(endpoints.session.selectBusiness, { body: { sapBpCode: 'C100234' } })),
      ).toContain(`identity:${repId}`);
      // A write that reads nothing of the caches' tables says nothing.
      expect(await hear(() => t.db.execute(sql`select 1`))).toEqual([]);
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('make a memo forget only the answers of the user named, reads in flight included, the oldest first when full', async () => {
    const memo = createMemo<string>(t.changes, { kind: 'identity', size: 3 });
    const [a, b] = await t.db.select().from(users).orderBy(users.email).limit(2);
    let reads = 0;
    const ask = (id: string) => memo.get(id, async () => `${id}:${++reads}`, { maxAgeMs: 60_000, subject: id });
    const touch = async (id: string) => {
      await t.db
        .update(users)
        .set({ firstName: sql`${users.firstName}` })
        .where(eq(users.id, id));
      await t.noticed();
    };
    const firstA = await ask(a!.id);
    const firstB = await ask(b!.id);
    expect(await ask(a!.id)).toBe(firstA);
    // A read whose subject is known only from its answer: any notice meanwhile forgets it.
    let finish = (_: string) => {};
    const slow = memo.get('slow', () => new Promise<string>((resolve) => (finish = resolve)), {
      maxAgeMs: 60_000,
      subjectOf: (value) => value,
    });
    await touch(a!.id);
    finish(b!.id);
    expect(await slow).toBe(b!.id);
    const secondA = await ask(a!.id);
    expect(secondA).not.toBe(firstA);
    expect(await ask(b!.id)).toBe(firstB);
    expect(await memo.get('slow', async () => 'read again', { maxAgeMs: 60_000, subjectOf: () => b!.id })).toBe(
      'read again',
    );
    // Full (3 kept: a, b, slow, least recently used first): asking b again leaves a the oldest, so a goes.
    await ask(b!.id);
    await memo.get('extra', async () => 'extra', { maxAgeMs: 60_000, subject: 'nobody' });
    expect(memo.size).toBe(3);
    expect(await ask(b!.id)).toBe(firstB);
    expect(await ask(a!.id)).not.toBe(secondA);
    expect(await ask(b!.id)).toBe(firstB);
  });

  it('keep a session read until the user or the session changes', async () => {
    const client = testClient(t.app);
    await client.signIn('accountant@demo.test');
    const me = (await client.session()).user!;
    // Gone without a notice (triggers off for the transaction): the kept read still answers.
    await writeUnnoticed(t.db, (tx) => tx.delete(sessions).where(eq(sessions.userId, me.id)));
    await t.noticed();
    expect((await client.session()).user?.id).toBe(me.id);
    // Any change to the user is noticed, and the session is read again: it is gone.
    await t.db
      .update(users)
      .set({ firstName: sql`${users.firstName}` })
      .where(eq(users.id, me.id));
    await t.noticed();
    expect((await client.session()).user).toBeNull();
  });

  it('sign a session out on every server instance at once', async () => {
    const other = await t.anotherInstance();
    const client = testClient(t.app);
    await client.signIn('owner@demo.test');
    const onOther = async () =>
      (await call(other, endpoints.session.get, { headers: { cookie: client.jar.header() } })).json() as {
        user: { email: string } | null;
      };
    const cookie = client.jar.header();
    expect((await onOther()).user?.email).toBe('owner@demo.test');
    await client.signOut();
    const after = await call(other, endpoints.session.get, { headers: { cookie } });
    expect(after.json().user).toBeNull();
  });
});

describe('with IDENTITY_CACHE_MS=0', () => {
  it('reads the session on every request', async () => {
    const t = await createTestApp({ IDENTITY_CACHE_MS: '0' });
    try {
      const client = testClient(t.app);
      await client.signIn('accountant@demo.test');
      const me = (await client.session()).user!;
      await writeUnnoticed(t.db, (tx) => tx.delete(sessions).where(eq(sessions.userId, me.id)));
      expect((await client.session()).user).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe.runIf(inject('postgresTemplate'))('when the notice connection drops (PostgreSQL)', () => {
  it('every cache forgets and keeps nothing until notices arrive again', async () => {
    const t = await createTestApp();
    try {
      const client = testClient(t.app);
      await client.signIn('accountant@demo.test');
      const me = (await client.session()).user!;
      expect(t.changes.live).toBe(true);
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where application_name = ${FEED_APPLICATION} and datname = current_database()`,
      );
      await waitFor(() => !t.changes.live);
      // Down: a change that sends no notice shows at once, as nothing is kept.
      await writeUnnoticed(t.db, (tx) => tx.delete(sessions).where(eq(sessions.userId, me.id)));
      expect((await client.session()).user).toBeNull();
      await waitFor(() => t.changes.live);
      await client.signIn('accountant@demo.test');
      expect((await client.session()).user?.id).toBe(me.id);
    } finally {
      await t.close();
    }
  });
});
