import type { Random } from './random.ts';
import type { Body } from './vehicle-makes.ts';
import type { DemoCategory, WireLine } from './vehicle-demo.ts';

/**
 * Wiring sheets for the generated coverage: the circuits a remote start needs, with colours
 * and locations typical of the era and body. Older vehicles are analog (no data bus, no
 * immobilizer); from 2008 the OBD-II CAN pair is on every sheet.
 */
const COLORS = ['White', 'Red', 'Pink', 'Yellow', 'Blue', 'Brown', 'Orange', 'Green', 'Gray', 'Violet', 'Black', 'Tan'];
const STRIPES = ['', '/Black', '/White', '/Red', '/Yellow', '/Green'];
const color = (r: Random) => `${r.pick(COLORS)}${r.pick(STRIPES)}`;

const ignitionPlace = (body: Body) =>
  body === 'truck' || body === 'van'
    ? 'Ignition switch harness at the column, 6-pin'
    : 'Ignition harness at the key cylinder';

export function genericWiring(r: Random, year: number, body: Body): DemoCategory[] {
  const at = ignitionPlace(body);
  const ignition: WireLine[] = [
    ['12V Constant', color(r), at, '+', 'Fuse at 30 A'],
    ['Ignition 1', color(r), at, '+'],
    ['Accessory', color(r), at, '+'],
    ['Starter', color(r), at, '+'],
  ];
  if (year >= 1990) ignition.splice(2, 0, ['Ignition 2', color(r), at, '+', 'Heater blower']);
  const lockPolarity = year < 1995 ? '+' : '-';
  const categories: DemoCategory[] = [
    { key: 'ignition', title: 'Ignition Harness', wires: ignition },
    {
      key: 'locks',
      title: 'Door Locks',
      wires: [
        ['Lock', color(r), year < 1995 ? 'Driver door switch' : 'Body control module', lockPolarity],
        ['Unlock', color(r), year < 1995 ? 'Driver door switch' : 'Body control module', lockPolarity],
        ['Door Trigger', color(r), 'Driver kick panel', '-'],
      ],
    },
    {
      key: 'lights',
      title: 'Lights and Brake',
      wires: [
        ['Parking Lights', color(r), 'Headlight switch', '+'],
        ['Brake Switch', color(r), 'Brake pedal switch', '+'],
        ['Hood Pin', 'Add-on', 'Driver fender', '-'],
      ],
    },
  ];
  if (year >= 2008) {
    categories.push({
      key: 'data',
      title: 'Data Bus',
      wires: [
        ['CAN High', color(r), 'OBD-II connector, pin 6', 'data'],
        ['CAN Low', color(r), 'OBD-II connector, pin 14', 'data'],
      ],
    });
  } else {
    categories.push({ key: 'tach', title: 'Tach', wires: [['Tach', color(r), 'Coil or injector harness', 'AC']] });
  }
  return categories;
}

export function genericInstructions(year: number): DemoCategory[] {
  const steps = [
    'Disconnect the negative battery terminal.',
    'Remove the lower dash panel and the steering column covers.',
    'Verify each wire with a multimeter before connecting.',
    year >= 1998
      ? 'Install and program the immobilizer bypass before testing.'
      : 'No immobilizer: connect the starter output directly.',
    'Test remote start, locks and shutdown on brake before reassembly.',
  ];
  return [{ key: 'install', title: 'Installation', steps }];
}

export const genericTip = (year: number, make: string, model: string) =>
  year >= 2008
    ? `Data-bus vehicle: use a ${make} bypass with CAN locks. Tach is virtual on the ${model}.`
    : year >= 1998
      ? `Transponder key: an immobilizer bypass is required on the ${model}.`
      : `No immobilizer. Use a relay for the second ignition if the ${model} has one.`;
