import { and, eq } from 'drizzle-orm';
import { rewardCents } from '@portal/contracts/rewards';
import type { PlanDuration, PlanId } from '@portal/contracts/plans';
import type { Tx } from '../db/client.ts';
import { dealers, installers } from '../modules/dealers/schema.ts';
import { deviceRewards } from '../modules/rewards/schema.ts';
import { users } from '../modules/users/schema.ts';

const DAY = 86_400_000;

/**
 * DEMO-DATA.md: Northside's installers have rewards for earlier activations, paid and pending, so /rewards
 * is never empty for the demo (docs/demo-data.md lists them). They predate activation records (no
 * activation id); 10230000240 is the purchaser's Premium 1_year install of devices.ts.
 */
export const DEMO_REWARDS: readonly {
  by: string;
  deviceKey: string;
  plan: PlanId;
  duration: PlanDuration;
  status: 'pending' | 'earned' | 'paid';
  daysAgo: number;
}[] = [
  {
    by: 'purchaser@demo.test',
    deviceKey: '10230000240',
    plan: 'premium',
    duration: '1_year',
    status: 'paid',
    daysAgo: 120,
  },
  {
    by: 'purchaser@demo.test',
    deviceKey: '10230000912',
    plan: 'basic',
    duration: '2_year',
    status: 'paid',
    daysAgo: 75,
  },
  {
    by: 'purchaser@demo.test',
    deviceKey: '10230000913',
    plan: 'ultimate',
    duration: '3_year',
    status: 'earned',
    daysAgo: 20,
  },
  {
    by: 'installer@demo.test',
    deviceKey: '10230000914',
    plan: 'premium_plus',
    duration: '1_year',
    status: 'paid',
    daysAgo: 90,
  },
  {
    by: 'installer@demo.test',
    deviceKey: '10230000915',
    plan: 'premium',
    duration: '2_year',
    status: 'earned',
    daysAgo: 12,
  },
  {
    by: 'installer@demo.test',
    deviceKey: '10230000916',
    plan: 'basic',
    duration: 'month_to_month',
    status: 'pending',
    daysAgo: 2,
  },
  { by: 'owner@demo.test', deviceKey: '10230000917', plan: 'premium', duration: '1_year', status: 'paid', daysAgo: 60 },
  {
    by: 'owner@demo.test',
    deviceKey: '10230000918',
    plan: 'premium_plus',
    duration: '2_year',
    status: 'pending',
    daysAgo: 1,
  },
];

export async function seedRewards(tx: Tx, bpIdByCode: Map<string, string>) {
  const businessPartnerId = bpIdByCode.get('C100234');
  if (!businessPartnerId) throw new Error('no business partner C100234 for the demo rewards');
  const [dealer] = await tx
    .select({ id: dealers.id })
    .from(dealers)
    .where(eq(dealers.businessPartnerId, businessPartnerId));
  if (!dealer) throw new Error('no dealer for C100234');
  const now = Date.now();
  for (const reward of DEMO_REWARDS) {
    const [installer] = await tx
      .select({ id: installers.id, userId: installers.userId })
      .from(installers)
      .innerJoin(users, eq(users.id, installers.userId))
      .where(and(eq(users.email, reward.by), eq(installers.dealerId, dealer.id)));
    if (!installer) throw new Error(`no installer ${reward.by} at Northside for a demo reward`);
    const createdAt = new Date(now - reward.daysAgo * DAY);
    await tx.insert(deviceRewards).values({
      installerUserId: installer.userId,
      installerId: installer.id,
      dealerId: dealer.id,
      businessPartnerId,
      deviceKey: reward.deviceKey,
      plan: reward.plan,
      duration: reward.duration,
      amountCents: rewardCents(reward.plan, reward.duration),
      currency: 'USD',
      status: reward.status,
      createdAt,
      earnedAt: reward.status === 'pending' ? null : new Date(createdAt.getTime() + DAY / 24),
      paidAt: reward.status === 'paid' ? new Date(createdAt.getTime() + 14 * DAY) : null,
    });
  }
}
