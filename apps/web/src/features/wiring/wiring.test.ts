import { describe, expect, it } from 'vitest';
import { messages } from '@portal/contracts/messages';
import type { ExternalWiring } from '@portal/contracts';
import { canSearch, cascade, emptyCascade, matchByName, type CascadeState } from './cascade.ts';
import { addRecentVehicle, parseRecentVehicles, parseVehicleValue, type VehicleSelection } from './recentVehicles.ts';
import { parseWiringParams, slidePath, slideTrail, wiringPath } from './slides.ts';
import { trimLabel } from './vehicle-slides/trimLabel.ts';

const camry = (year = '2019'): VehicleSelection => ({
  year,
  make: { name: 'Toyota', value: 'toyota' },
  model: { name: 'Camry', value: 'camry' },
});

describe('recent vehicle searches (spec 01 §5, §9)', () => {
  it('keeps five, newest first, the oldest dropped', () => {
    let list = addRecentVehicle([], camry('2015'));
    for (const year of ['2016', '2017', '2018', '2019', '2020']) list = addRecentVehicle(list, camry(year));
    expect(list.map((r) => r.name)).toEqual([
      '2020 Toyota Camry',
      '2019 Toyota Camry',
      '2018 Toyota Camry',
      '2017 Toyota Camry',
      '2016 Toyota Camry',
    ]);
    expect(list[0]!.value).toBe('2020,toyota,camry');
  });

  it('skips duplicates by value: the repeated search moves to the top, once', () => {
    const list = addRecentVehicle(addRecentVehicle(addRecentVehicle([], camry('2018')), camry('2019')), camry('2018'));
    expect(list.map((r) => r.value)).toEqual(['2018,toyota,camry', '2019,toyota,camry']);
  });

  it('records nothing unless year, make and model names and values are all present', () => {
    const list = addRecentVehicle([], camry());
    expect(addRecentVehicle(list, { ...camry('2020'), make: { name: '', value: 'toyota' } })).toEqual(list);
    expect(addRecentVehicle(list, { ...camry('2020'), model: { name: 'Camry', value: ' ' } })).toEqual(list);
    expect(addRecentVehicle(list, { ...camry(''), year: '' })).toEqual(list);
  });

  it('reads stored entries and drops anything else', () => {
    expect(parseRecentVehicles('not json')).toEqual([]);
    expect(parseRecentVehicles('{"name":"x"}')).toEqual([]);
    expect(parseRecentVehicles(JSON.stringify([{ name: 'a', value: '1,2,3', extra: 1 }, { name: 2 }]))).toEqual([
      { name: 'a', value: '1,2,3' },
    ]);
  });

  it("needs three comma-separated parts, else 'Missing vehicle details'", () => {
    expect(parseVehicleValue('2019,toyota,camry')).toEqual({ year: '2019', makeId: 'toyota', modelId: 'camry' });
    expect(parseVehicleValue('2019,toyota')).toEqual({ error: messages.missingVehicleDetails });
    expect(parseVehicleValue('2019,,camry')).toEqual({ error: messages.missingVehicleDetails });
    expect(parseVehicleValue(null)).toEqual({ error: messages.missingVehicleDetails });
  });
});

describe('vehicle cascade (spec 01 §4)', () => {
  const withModels: CascadeState = {
    ...emptyCascade,
    year: '2019',
    make: 'toyota',
    model: 'camry',
    makes: [{ name: 'Toyota', value: 'toyota' }],
    models: [{ name: 'Camry', value: 'camry' }],
  };

  it('a year loads makes and clears make, model and the VIN', () => {
    const next = cascade({ ...withModels, vin: '' }, { type: 'year', year: '2020' });
    expect(next).toMatchObject({ year: '2020', make: '', model: '', makes: [], models: [], loadingMakes: true });
    expect(cascade({ ...emptyCascade, vin: '1HG' }, { type: 'year', year: '2020' }).vin).toBe('');
  });

  it('a make loads models and clears the model; answers for an old choice are dropped', () => {
    const next = cascade(withModels, { type: 'make', make: 'honda' });
    expect(next).toMatchObject({ make: 'honda', model: '', models: [], loadingModels: true });
    expect(cascade(next, { type: 'modelsLoaded', make: 'toyota', models: [{ name: 'x', value: 'x' }] })).toBe(next);
    expect(
      cascade(next, { type: 'modelsLoaded', make: 'honda', models: [{ name: 'Civic', value: 'civic' }] }),
    ).toMatchObject({ models: [{ name: 'Civic', value: 'civic' }], loadingModels: false });
  });

  it('a failed load clears the value that asked for it (spec 01 §8)', () => {
    const loading = cascade(emptyCascade, { type: 'year', year: '2019' });
    expect(cascade(loading, { type: 'makesFailed', year: '2019' })).toMatchObject({ year: '', loadingMakes: false });
    const models = cascade(withModels, { type: 'make', make: 'honda' });
    expect(cascade(models, { type: 'modelsFailed', make: 'honda' })).toMatchObject({ make: '', loadingModels: false });
  });

  it('a VIN clears the year, make and model', () => {
    expect(cascade(withModels, { type: 'vin', vin: '4T1B' })).toEqual({ ...emptyCascade, vin: '4T1B' });
  });

  it('Search needs a model or a VIN; a VIN of spaces does not count', () => {
    expect(canSearch(emptyCascade)).toBe(false);
    expect(canSearch({ ...withModels, model: '' })).toBe(false);
    expect(canSearch(withModels)).toBe(true);
    expect(canSearch({ ...emptyCascade, vin: '   ' })).toBe(false);
    expect(canSearch({ ...emptyCascade, vin: ' 4T1B11HK5KU000001 ' })).toBe(true);
  });

  it('restores a form after a failed search', () => {
    expect(cascade(emptyCascade, { type: 'restore', state: withModels })).toEqual(withModels);
  });

  it('matches a VIN answer’s make and model by case-insensitive name (spec 01 §5)', () => {
    const makes = [
      { name: 'Toyota', value: 't' },
      { name: 'RAM', value: 'r' },
    ];
    expect(matchByName(makes, 'TOYOTA')?.value).toBe('t');
    expect(matchByName(makes, ' ram ')?.value).toBe('r');
    expect(matchByName(makes, 'Tesla')).toBeUndefined();
    expect(matchByName(makes, '')).toBeUndefined();
  });
});

describe('wiring slides in the address (spec 01 §2.6)', () => {
  it('reads vehicle and slide; without a vehicle only the search (or folders) can show', () => {
    expect(parseWiringParams(new URLSearchParams('vehicle=2019,toyota,camry')).slide).toBe('vehicle');
    expect(parseWiringParams(new URLSearchParams('slide=instruction-categories')).slide).toBe('search');
    expect(parseWiringParams(new URLSearchParams('slide=folders&folder=remote-start')).folder).toBe('remote-start');
    expect(parseWiringParams(new URLSearchParams('vehicle=1,2,3&slide=nonsense')).slide).toBe('vehicle');
  });

  it('writes short addresses and keeps only what the next slide reads', () => {
    expect(wiringPath({ slide: 'search' })).toBe('/wiring');
    const from = parseWiringParams(
      new URLSearchParams('vehicle=2019,toyota,camry&slide=internal-wiring-results&category=7'),
    );
    expect(slidePath(from, 'internal-wiring-categories')).toBe(
      '/wiring?vehicle=2019,toyota,camry&slide=internal-wiring-categories',
    );
    expect(slidePath(from, 't-harness-search', { q: 'TH-T' })).toBe(
      '/wiring?vehicle=2019,toyota,camry&slide=t-harness-search&q=TH-T',
    );
  });

  it('steps back through a trail of slides', () => {
    expect(slideTrail('internal-wiring-results')).toEqual([
      'search',
      'vehicle',
      'internal-wiring-categories',
      'internal-wiring-results',
    ]);
    expect(slideTrail('search')).toEqual(['search']);
  });

  it('puts accessories under the product they were opened from (issue 15 §10)', () => {
    const ads = parseWiringParams(
      new URLSearchParams(
        'vehicle=2019,toyota,camry&slide=ads-product&trim=le&product=4f1c0de2-0000-4000-8000-000000000001',
      ),
    );
    const accessories = parseWiringParams(new URLSearchParams(slidePath(ads, 'product-accessory').split('?')[1]));
    expect(slideTrail(accessories.slide, accessories)).toEqual([
      'search',
      'vehicle',
      'ads-wiring-categories',
      'ads-product-results',
      'ads-product',
      'product-accessory',
    ]);
    const modules = parseWiringParams(
      new URLSearchParams('vehicle=2019,toyota,camry&slide=product-accessory&product=NW-RS-X1234'),
    );
    expect(slideTrail(modules.slide, modules)).toEqual([
      'search',
      'vehicle',
      'compatible-modules',
      'product-features',
      'product-accessory',
    ]);
  });
});

describe('trimLabel (issue 15 §10)', () => {
  const data: ExternalWiring = {
    vehicleId: 'v1',
    autoMobWiring: { LE: [], XSE: [], 'King Ranch': [] },
    adsWiring: { le: [], xse: [], 'king ranch': [] },
    adsProducts: {},
  };
  it.each([
    ['le', 'LE'],
    ['xse', 'XSE'],
    ['king ranch', 'King Ranch'],
    ['unknown', 'unknown'],
  ])('shows iDatawire’s %s as %s', (trim, label) => {
    expect(trimLabel(trim, data)).toBe(label);
  });
});
