import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../modules/users/schema.ts';
import { deviceInstallations } from '../modules/devices/schema.ts';

/**
 * DEMO-DATA.md "Devices in the simulated device cloud": whose the installed demo devices are (the cloud
 * knows the devices; the portal knows for which business each was installed). 10230000240 was installed
 * for Northside Auto Sound by its purchaser; 10230000280 for Lakeside Remote Start (by its installer) —
 * another dealer's device for Northside's people.
 */
const INSTALLED = [
  { deviceKey: '10230000240', sapBpCode: 'C100234', by: 'purchaser@demo.test', daysAgo: 120 },
  { deviceKey: '10230000280', sapBpCode: 'C100310', by: 'sms@demo.test', daysAgo: 120 },
] as const;

export async function seedDeviceInstallations(tx: Tx, bpIdByCode: Map<string, string>) {
  for (const device of INSTALLED) {
    const businessPartnerId = bpIdByCode.get(device.sapBpCode);
    if (!businessPartnerId) throw new Error(`no business partner ${device.sapBpCode} for device ${device.deviceKey}`);
    const [installer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, device.by));
    if (!installer) throw new Error(`no user ${device.by} for device ${device.deviceKey}`);
    await tx.insert(deviceInstallations).values({
      deviceKey: device.deviceKey,
      businessPartnerId,
      installedByUserId: installer.id,
      involvedInstallers: [installer.id],
      installedAt: new Date(Date.now() - device.daysAgo * 86_400_000),
    });
  }
}
