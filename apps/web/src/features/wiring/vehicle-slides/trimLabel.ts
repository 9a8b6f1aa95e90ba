import type { ExternalWiring } from '@portal/contracts';

/**
 * spec 01 §3: iDatawire keys its lists by trim in lower case ('le'); people read the trim as the
 * vehicle's other lists spell it ('LE'), so the label takes that spelling when there is one.
 */
export function trimLabel(trim: string, data: ExternalWiring | undefined): string {
  const spelled = data && Object.keys(data.autoMobWiring).find((t) => t.toLowerCase() === trim.toLowerCase());
  return spelled ?? trim;
}
