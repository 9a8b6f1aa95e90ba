/**
 * vPIC's make and model names → the names of the year/make/model cascade (spec 01 §5: matched by
 * case-insensitive name). vPIC writes some models its own way: punctuation ('F150' / 'F-150',
 * 'Town and Country' / 'Town & Country'), the series in the name (Lexus 'RX 350', BMW '330i'),
 * or the bare name of a truck whose cascade entry carries its class ('Silverado' → 'Silverado 1500').
 */

/** Lower case, '&' read as 'and', only letters and digits: 'F-150' and 'F150' are one name. */
export const nameKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '');

/** Per make (as nameKey): vPIC's model (as nameKey) → the cascade's model. */
const MODEL_ALIASES: Record<string, Record<string, string>> = {
  // vPIC names GM's 1988–1998 full-size pickups by their platform, GMT-400.
  chevrolet: { silverado: 'Silverado 1500', gmt400: 'C/K 1500', c1500: 'C/K 1500', k1500: 'C/K 1500' },
  gmc: { sierra: 'Sierra 1500' },
  dodge: { ram: 'Ram 1500', caravangrandcaravan: 'Grand Caravan' },
  honda: { civicsi: 'Civic' },
  mazda: { '3': 'Mazda3', '6': 'Mazda6', mx5: 'MX-5 Miata', bseries: 'B-Series' },
  mercedesbenz: { gleclass: 'GLE' },
  saturn: { sl: 'S-Series', sl1: 'S-Series', sl2: 'S-Series', sc: 'S-Series', sc1: 'S-Series', sc2: 'S-Series' },
  volkswagen: { newbeetle: 'Beetle' },
};

/** Models named by series number: BMW's '325i' is a 3 Series, '530e' a 5 Series. */
const SERIES_PATTERNS: Record<string, [RegExp, string][]> = {
  bmw: [
    [/^3\d\d[a-z]*$|^3series$|^m3$/, '3 Series'],
    [/^5\d\d[a-z]*$|^5series$|^m5$/, '5 Series'],
  ],
};

/** The cascade's make named like vPIC's make, if any. */
export function matchMake<T extends { name: string }>(makes: T[], vpicMake: string): T | undefined {
  const key = nameKey(vpicMake);
  return makes.find((make) => nameKey(make.name) === key);
}

/** The cascade's model of a make that vPIC's model names, if any. */
export function matchModel<T extends { name: string }>(makeName: string, models: T[], vpicModel: string) {
  const make = nameKey(makeName);
  const key = nameKey(vpicModel);
  const byKey = (wanted: string) => models.find((model) => nameKey(model.name) === nameKey(wanted));
  const exact = byKey(vpicModel);
  if (exact) return exact;
  const alias = MODEL_ALIASES[make]?.[key];
  if (alias && byKey(alias)) return byKey(alias);
  for (const [pattern, name] of SERIES_PATTERNS[make] ?? []) if (pattern.test(key) && byKey(name)) return byKey(name);
  // Lexus 'RX 350', 'ES 300h', 'IS 250': the model, then its engine's number.
  const series = /^(.+?)\s+\d+[a-z]?$/i.exec(vpicModel.trim());
  return series ? byKey(series[1]!) : undefined;
}
