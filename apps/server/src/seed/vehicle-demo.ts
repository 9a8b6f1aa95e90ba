import type { VehicleVariant } from '@portal/contracts';

/** [function, colour, location, polarity, notes] — one line of a wiring sheet. */
export type WireLine = [
  fn: string,
  color: string,
  location: string,
  polarity: '+' | '-' | 'data' | 'AC' | 'n/a',
  notes?: string,
];
export interface DemoCategory {
  key: string;
  title: string;
  variant?: VehicleVariant;
  wires?: WireLine[];
  steps?: string[];
}
export interface DemoVehicle {
  year: number;
  make: string;
  model: string;
  /** A real-format VIN with a correct check digit that the offline decoder resolves to this vehicle. */
  vin: string;
  trims: string[];
  tip: string;
  description: string;
  wiring: DemoCategory[];
  instructions: DemoCategory[];
  bulletins: [title: string, body: string][];
  guide: { title: string; summary: string; steps: string[] };
}

const OBD_CAN: WireLine[] = [
  ['CAN High', 'Tan/Yellow', 'OBD-II connector, pin 6', 'data', 'Twisted pair with CAN Low; tap, do not cut'],
  ['CAN Low', 'Tan', 'OBD-II connector, pin 14', 'data'],
];
const DISASSEMBLY_STEPS = (panels: string) => [
  `Disconnect the negative battery terminal and wait one minute before unplugging any airbag-area connector.`,
  `Remove ${panels}.`,
  'Identify every connector on the wiring sheet with a multimeter before tapping; never use a test light on data or airbag circuits.',
  'Solder and tape each connection; T-taps are not recommended on CAN lines.',
];
const PROGRAMMING_STEPS = (bypass: string) => [
  'Flash the controller and bypass with the vehicle-specific firmware before installation.',
  `Connect the bypass: ${bypass}.`,
  'Program the bypass: turn the key or press Start twice without the brake, then watch the LED go solid for 5 seconds.',
  'Test remote start, door locks and the takeover procedure before reassembling the panels.',
];

/** DEMO-DATA.md "Vehicles and wiring": the ten vehicles with full content. */
export const DEMO_VEHICLES: DemoVehicle[] = [
  {
    year: 2019,
    make: 'Toyota',
    model: 'Camry',
    vin: '4T1B11HK1KU213547',
    trims: ['L', 'LE', 'SE', 'XLE', 'XSE'],
    tip: 'L and LE use a standard key (G-chip transponder); SE, XLE and XSE are push-to-start with smart key. Use the matching variant sheets. Hood pin required: the factory hood switch is not on this vehicle.',
    description: '2019 Toyota Camry sedan (XV70), 2.5L I4 and 3.5L V6, 8-speed automatic.',
    wiring: [
      {
        key: 'ignition',
        title: 'Ignition Harness',
        variant: 'sk',
        wires: [
          ['12V Constant', 'White', 'Ignition harness at key cylinder, 6-pin connector', '+', 'Fuse the lead at 30 A'],
          ['Ignition 1', 'Black/Yellow', 'Ignition harness at key cylinder', '+'],
          ['Ignition 2', 'Blue/Red', 'Ignition harness at key cylinder', '+', 'Needed for the blower motor'],
          ['Accessory', 'Gray', 'Ignition harness at key cylinder', '+'],
          [
            'Starter',
            'Black/White',
            'Ignition harness at key cylinder',
            '+',
            'Cut and isolate the key side for starter kill',
          ],
        ],
      },
      {
        key: 'ignition',
        title: 'Ignition Harness',
        variant: 'pts',
        wires: [
          ['12V Constant', 'White', 'Start button harness behind the dash, 10-pin', '+'],
          [
            'Start/Stop Button',
            'Blue/Black',
            'Start button harness, pin 5',
            '-',
            'Bypass pulses this wire; do not cut',
          ],
          ['Brake Switch', 'Green/White', 'Brake pedal switch, 4-pin', '+', 'Must read 12V with the brake pressed'],
          [
            'Ignition Status (IG1)',
            'Black/Yellow',
            'Main body ECU, gray connector',
            '+',
            'Status only: read, do not drive',
          ],
        ],
      },
      { key: 'data', title: 'Data Bus', wires: OBD_CAN },
      {
        key: 'locks',
        title: 'Door Locks',
        wires: [
          ['Lock', 'CAN', 'Through the data bypass', 'data', 'No hard-wire lock on this vehicle'],
          ['Unlock', 'CAN', 'Through the data bypass', 'data'],
          ['Door Trigger', 'Red/White', 'Main body ECU, white 24-pin, pin 12', '-'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights and Brake',
        wires: [
          ['Parking Lights', 'Green', 'Headlight switch harness at the steering column', '+'],
          ['Brake Switch Output', 'Green/White', 'Brake pedal switch', '+'],
          ['Hood Pin', 'Add-on', 'Driver side fender, supplied pin switch', '-', 'Required: no factory hood switch'],
        ],
      },
      {
        key: 'tach',
        title: 'Tach and Immobilizer',
        wires: [
          ['Tach', 'Black', 'Engine ECU, connector A, pin 17', 'AC', 'Or use tachless mode'],
          [
            'Immobilizer Data',
            'Pink',
            'Transponder ring at key cylinder',
            'data',
            'SK only: handled by the bypass module',
          ],
        ],
      },
    ],
    instructions: [
      {
        key: 'disassembly',
        title: 'Disassembly',
        steps: DISASSEMBLY_STEPS('the lower dash panel (two 10 mm bolts) and the steering column shrouds'),
      },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('plug the T-harness in line at the main body ECU connector'),
      },
    ],
    bulletins: [
      [
        'Push-to-start takeover',
        'Press the brake and Start once while the engine runs remotely to take over; the vehicle stays running.',
      ],
    ],
    guide: {
      title: '2018–2019 Camry remote start install',
      summary: 'Both variants with a T-harness: about 90 minutes.',
      steps: [
        'Confirm the variant from the key type.',
        'Install the T-harness at the body ECU.',
        'Mount the hood pin.',
        'Program and test.',
      ],
    },
  },
  {
    year: 2018,
    make: 'Honda',
    model: 'Civic',
    vin: '2HGFC2F52JH531246',
    trims: ['LX', 'EX', 'EX-T', 'Sport', 'Touring'],
    tip: 'LX uses a standard key; EX and up have push-to-start. Honda Civic 2016–2021 needs a data bypass with door-lock and trunk control over B-CAN.',
    description: '2018 Honda Civic sedan (10th generation), 2.0L I4 and 1.5L turbo, CVT.',
    wiring: [
      {
        key: 'ignition',
        title: 'Ignition Harness',
        wires: [
          ['12V Constant', 'White', 'Ignition switch harness, 7-pin', '+'],
          ['Ignition 1', 'Yellow', 'Ignition switch harness', '+'],
          ['Accessory', 'Blue', 'Ignition switch harness', '+'],
          ['Starter', 'Black/White', 'Ignition switch harness', '+'],
        ],
      },
      {
        key: 'bcan',
        title: 'B-CAN Data',
        wires: [
          [
            'B-CAN High',
            'Red',
            'Under-dash fuse box, connector H, pin 5',
            'data',
            'Locks and trunk go through this bus',
          ],
          ['B-CAN Low', 'White', 'Under-dash fuse box, connector H, pin 6', 'data'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights and Brake',
        wires: [
          ['Parking Lights', 'Red/Green', 'Under-dash fuse box, connector D', '+'],
          ['Brake Switch', 'Green/White', 'Brake pedal switch', '+'],
          ['Hood Pin', 'Gray', 'Under-hood fuse box, connector C, pin 2', '-', 'Factory pin on EX and up'],
        ],
      },
      {
        key: 'tach',
        title: 'Tach',
        wires: [['Tach', 'Blue', 'ECM, connector B, pin 31', 'AC', 'Reads 0.5 V AC at idle']],
      },
    ],
    instructions: [
      {
        key: 'disassembly',
        title: 'Disassembly',
        steps: DISASSEMBLY_STEPS('the driver kick panel and the lower knee bolster (4 clips)'),
      },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('connect the B-CAN pair at the under-dash fuse box'),
      },
    ],
    bulletins: [['Trunk release', 'On 2016–2018 models trunk release over B-CAN needs firmware 3.40 or later.']],
    guide: {
      title: '2016–2021 Civic sedan install',
      summary: 'Standard key and push-to-start; B-CAN locks.',
      steps: [
        'Remove the knee bolster.',
        'Tap the B-CAN pair.',
        'Connect the ignition harness.',
        'Program the bypass and test locks.',
      ],
    },
  },
  {
    year: 2020,
    make: 'Ford',
    model: 'F-150',
    vin: '1FTEW1E4XLKD72315',
    trims: ['XL', 'XLT', 'Lariat', 'King Ranch', 'Platinum'],
    tip: 'Most trims use a standard key with a PATS transponder; Lariat and up offer push-to-start. Use the driver door lock data on the MS-CAN for lock and unlock.',
    description: '2020 Ford F-150 SuperCrew 4x4 (13th generation), 2.7L and 3.5L EcoBoost, 5.0L V8.',
    wiring: [
      {
        key: 'ignition',
        title: 'Ignition Harness',
        wires: [
          ['12V Constant', 'Violet/Gray', 'Ignition switch harness, 6-pin', '+', 'Fuse at 30 A'],
          ['Ignition 1', 'Blue/Orange', 'Ignition switch harness', '+'],
          ['Accessory', 'Gray/Yellow', 'Ignition switch harness', '+'],
          ['Starter', 'Brown/White', 'Ignition switch harness', '+', 'Starter kill on the key side'],
        ],
      },
      {
        key: 'data',
        title: 'Data Bus',
        wires: [
          ...OBD_CAN,
          ['MS-CAN High', 'White/Blue', 'OBD-II connector, pin 3', 'data'],
          ['MS-CAN Low', 'Gray/Orange', 'OBD-II connector, pin 11', 'data'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights and Brake',
        wires: [
          ['Parking Lights', 'Gray/Brown', 'Body control module, C2280E', '+'],
          ['Brake Switch', 'Blue/Green', 'Brake pedal switch', '+'],
          ['Hood Pin', 'Violet/Green', 'Engine bay, passenger fender', '-'],
        ],
      },
    ],
    instructions: [
      {
        key: 'disassembly',
        title: 'Disassembly',
        steps: DISASSEMBLY_STEPS('the lower steering column cover and the driver kick panel'),
      },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('connect the PATS bypass at the transceiver ring'),
      },
    ],
    bulletins: [['Auto start-stop', 'Remote start disables auto start-stop for the run; no extra wiring needed.']],
    guide: {
      title: '2015–2020 F-150 install',
      summary: 'Key and push-to-start, MS-CAN locks.',
      steps: [
        'Remove the column cover.',
        'Connect the T-harness at the ignition switch.',
        'Tap MS-CAN for locks.',
        'Program and test.',
      ],
    },
  },
  {
    year: 2017,
    make: 'Chevrolet',
    model: 'Silverado 1500',
    vin: '1GCVKRECXHZ218574',
    trims: ['WT', 'LS', 'LT', 'LTZ', 'High Country'],
    tip: 'Standard key with a Passlock-free transponder; use the GM-LAN single wire for locks, alarm disarm and the factory remote start.',
    description: '2017 Chevrolet Silverado 1500 crew cab 4x4, 5.3L V8.',
    wiring: [
      {
        key: 'ignition',
        title: 'Ignition Harness',
        wires: [
          ['12V Constant', 'Red', 'BCM, connector X1, pin 2', '+', 'Fuse at 30 A'],
          ['Ignition 1', 'Pink', 'Ignition switch, brown connector', '+'],
          ['Accessory', 'Orange', 'Ignition switch, brown connector', '+'],
          ['Starter', 'Yellow', 'Ignition switch, white connector', '+'],
        ],
      },
      {
        key: 'data',
        title: 'GM-LAN',
        wires: [
          ['GM-LAN (SW-CAN)', 'Green', 'OBD-II connector, pin 1', 'data', 'Single wire: locks, lights and disarm'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights and Brake',
        wires: [
          ['Parking Lights', 'Brown', 'BCM, connector X3, pin 18', '+'],
          ['Brake Switch', 'White', 'Brake pedal switch', '+'],
          ['Hood Pin', 'Add-on', 'Driver side fender', '-'],
        ],
      },
      { key: 'tach', title: 'Tach', wires: [['Tach', 'Light Blue', 'Fuel injector 1 harness', 'AC']] },
    ],
    instructions: [
      {
        key: 'disassembly',
        title: 'Disassembly',
        steps: DISASSEMBLY_STEPS('the knee bolster (two 7 mm screws) and the lower column cover'),
      },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('connect the transponder loop at the key cylinder'),
      },
    ],
    bulletins: [['Factory alarm', 'The factory alarm disarms over GM-LAN; the door trigger is not needed.']],
    guide: {
      title: '2014–2018 Silverado and Sierra install',
      summary: 'Standard key, GM-LAN locks.',
      steps: [
        'Remove the knee bolster.',
        'Connect the T-harness at the ignition switch.',
        'Tap GM-LAN at OBD pin 1.',
        'Program and test.',
      ],
    },
  },
  {
    year: 2021,
    make: 'Jeep',
    model: 'Wrangler',
    vin: '1C4HJXDG3MW612843',
    trims: ['Sport', 'Sport S', 'Sahara', 'Rubicon'],
    tip: 'Push-to-start on Sahara and Rubicon, key start on Sport. The security gateway blocks OBD data: connect at the SGW bypass harness behind the glove box.',
    description: '2021 Jeep Wrangler Unlimited (JL), 3.6L V6 and 2.0L turbo.',
    wiring: [
      {
        key: 'ignition',
        title: 'Ignition Harness',
        wires: [
          ['12V Constant', 'Red/White', 'RF hub harness behind the glove box', '+'],
          ['Ignition Status', 'Yellow/Gray', 'Ignition node module, 12-pin', '+', 'Status only'],
          ['Start Button', 'White/Violet', 'Start button harness', '-'],
        ],
      },
      {
        key: 'data',
        title: 'Data Bus',
        wires: [
          [
            'CAN-C High',
            'White/Gray',
            'Security gateway, 12-pin, pin 9',
            'data',
            'Behind the glove box: use the SGW bypass',
          ],
          ['CAN-C Low', 'White', 'Security gateway, 12-pin, pin 10', 'data'],
          ['CAN-IHS High', 'Yellow/Gray', 'Security gateway, 12-pin, pin 11', 'data'],
          ['CAN-IHS Low', 'Yellow', 'Security gateway, 12-pin, pin 12', 'data'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights and Brake',
        wires: [
          ['Parking Lights', 'CAN', 'Through the data module', 'data'],
          ['Brake Switch', 'White/Light Blue', 'Brake pedal switch', '+'],
          ['Hood Pin', 'Add-on', 'Passenger fender', '-'],
        ],
      },
    ],
    instructions: [
      {
        key: 'disassembly',
        title: 'Disassembly',
        steps: DISASSEMBLY_STEPS('the glove box and the passenger kick panel'),
      },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('plug the SGW T-harness between the gateway and the vehicle connectors'),
      },
    ],
    bulletins: [['Security gateway', '2018+ FCA vehicles need the SGW bypass harness for any data connection.']],
    guide: {
      title: '2018–2024 Wrangler JL and Gladiator install',
      summary: 'SGW bypass, push-to-start and key.',
      steps: [
        'Remove the glove box.',
        'Install the SGW T-harness.',
        'Connect power and start button.',
        'Program and test.',
      ],
    },
  },
  {
    year: 2016,
    make: 'Nissan',
    model: 'Altima',
    vin: '1N4AL3AP6GN371952',
    trims: ['2.5', '2.5 S', '2.5 SV', '2.5 SL', '3.5 SL'],
    tip: 'All trims are push-to-start with the intelligent key. The bypass needs the I-key in its box or the data port; test takeover before handing back.',
    description: '2016 Nissan Altima sedan (L33), 2.5L I4 and 3.5L V6, CVT.',
    wiring: [
      {
        key: 'ignition',
        title: 'Push-to-Start',
        wires: [
          ['12V Constant', 'Orange', 'BCM, connector M18, pin 13', '+'],
          ['Ignition 1', 'Blue', 'IPDM E/R, relay side', '+', 'Status only'],
          ['Start Button', 'Light Green', 'Push button switch, 6-pin, pin 1', '-'],
          ['Brake Switch', 'Light Green/Red', 'Stop lamp switch', '+'],
        ],
      },
      { key: 'data', title: 'Data Bus', wires: OBD_CAN },
      {
        key: 'locks',
        title: 'Door Locks',
        wires: [
          ['Lock', 'Violet', 'BCM, connector M19, pin 59', '-'],
          ['Unlock', 'Green', 'BCM, connector M19, pin 60', '-'],
          ['Trunk', 'Light Blue', 'BCM, connector M18, pin 24', '-'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights',
        wires: [
          ['Parking Lights', 'Gray/Red', 'BCM, connector M20, pin 85', '-'],
          ['Hood Pin', 'Add-on', 'Driver fender', '-'],
        ],
      },
    ],
    instructions: [
      {
        key: 'disassembly',
        title: 'Disassembly',
        steps: DISASSEMBLY_STEPS('the driver lower dash panel (clips and two screws)'),
      },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('connect the I-key data wire at the BCM'),
      },
    ],
    bulletins: [['Takeover', 'Press the brake and Start once within 10 seconds of entering the car.']],
    guide: {
      title: '2013–2018 Altima install',
      summary: 'Push-to-start with I-key bypass.',
      steps: [
        'Remove the lower dash.',
        'Connect power, start and brake.',
        'Connect the locks at the BCM.',
        'Program and test.',
      ],
    },
  },
  {
    year: 2022,
    make: 'Hyundai',
    model: 'Tucson',
    vin: '5NMJB3AE5NH084317',
    trims: ['SE', 'SEL', 'N Line', 'Limited'],
    tip: 'SE uses a standard key, SEL and up push-to-start. Locks, lights and horn go over C-CAN at the IBU; no hard wires needed with the T-harness.',
    description: '2022 Hyundai Tucson (NX4), 2.5L I4, 8-speed automatic.',
    wiring: [
      {
        key: 'ignition',
        title: 'Ignition Harness',
        wires: [
          ['12V Constant', 'Red', 'IBU, connector M03-A, pin 1', '+', '30 A fuse'],
          ['Ignition 1', 'Blue', 'IBU, connector M03-A, pin 4', '+'],
          ['Accessory', 'Green', 'IBU, connector M03-A, pin 5', '+'],
          ['Start Button', 'Brown', 'Start button, pin 3', '-'],
        ],
      },
      { key: 'data', title: 'Data Bus', wires: OBD_CAN },
      {
        key: 'lights',
        title: 'Lights and Brake',
        wires: [
          ['Parking Lights', 'CAN', 'Through the data module', 'data'],
          ['Brake Switch', 'Green/Orange', 'Stop lamp switch', '+'],
          ['Hood Pin', 'White/Black', 'IBU, connector M03-C, pin 12', '-'],
        ],
      },
    ],
    instructions: [
      {
        key: 'disassembly',
        title: 'Disassembly',
        steps: DISASSEMBLY_STEPS('the driver lower crash pad and the fuse panel cover'),
      },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('plug the T-harness at the IBU connectors'),
      },
    ],
    bulletins: [['Hyundai Blue Link', 'Factory Blue Link remote start is independent; both can stay installed.']],
    guide: {
      title: '2022–2025 Tucson install',
      summary: 'T-harness at the IBU, key and push-to-start.',
      steps: ['Remove the crash pad.', 'Install the T-harness.', 'Program the bypass.', 'Test locks and start.'],
    },
  },
  {
    year: 2015,
    make: 'Subaru',
    model: 'Outback',
    vin: '4S4BSANCXF3264518',
    trims: ['2.5i', '2.5i Premium', '2.5i Limited', '3.6R Limited'],
    tip: 'Key start on 2.5i and Premium, push-to-start on Limited. CVT: program the tach with the engine at idle in Park.',
    description: '2015 Subaru Outback wagon (BS), 2.5L H4 and 3.6L H6, CVT.',
    wiring: [
      {
        key: 'ignition',
        title: 'Ignition Harness',
        wires: [
          ['12V Constant', 'White', 'Ignition harness, 6-pin at the column', '+'],
          ['Ignition 1', 'Black/Yellow', 'Ignition harness', '+'],
          ['Accessory', 'Blue/White', 'Ignition harness', '+'],
          ['Starter', 'Black/Red', 'Ignition harness', '+'],
        ],
      },
      {
        key: 'locks',
        title: 'Door Locks',
        wires: [
          ['Lock', 'Green/Yellow', 'BIU, connector B280, pin 14', '-'],
          ['Unlock', 'Green/Red', 'BIU, connector B280, pin 15', '-'],
          ['Door Trigger', 'Red/Yellow', 'BIU, connector B281', '-'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights and Brake',
        wires: [
          ['Parking Lights', 'Green/White', 'Headlight switch', '+'],
          ['Brake Switch', 'Green/Black', 'Brake pedal switch', '+'],
          ['Hood Pin', 'Add-on', 'Driver fender', '-'],
        ],
      },
      { key: 'tach', title: 'Tach', wires: [['Tach', 'Black/Blue', 'ECM, connector B134, pin 8', 'AC']] },
    ],
    instructions: [
      { key: 'disassembly', title: 'Disassembly', steps: DISASSEMBLY_STEPS('the knee panel and the column covers') },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('connect the immobilizer loop at the key cylinder'),
      },
    ],
    bulletins: [['EyeSight', 'Leave EyeSight connectors alone; remote start does not affect it.']],
    guide: {
      title: '2015–2019 Outback and Legacy install',
      summary: 'Key and push-to-start.',
      steps: [
        'Remove the knee panel.',
        'Connect the ignition harness.',
        'Connect locks at the BIU.',
        'Program and test.',
      ],
    },
  },
  {
    year: 2019,
    make: 'Ram',
    model: '1500',
    vin: '1C6SRFFT6KN573291',
    trims: ['Tradesman', 'Big Horn', 'Laramie', 'Rebel', 'Limited'],
    tip: 'New body style (DT). Push-to-start on most trims. The security gateway blocks OBD data: use the SGW bypass harness under the dash.',
    description: '2019 Ram 1500 crew cab 4x4 (DT), 5.7L HEMI eTorque.',
    wiring: [
      {
        key: 'ignition',
        title: 'Push-to-Start',
        wires: [
          ['12V Constant', 'Red/White', 'RF hub, 12-pin', '+'],
          ['Ignition Status', 'White/Yellow', 'Ignition node module', '+', 'Status only'],
          ['Start Button', 'White/Violet', 'Start button harness', '-'],
          ['Brake Switch', 'White/Light Blue', 'Brake pedal switch', '+'],
        ],
      },
      {
        key: 'data',
        title: 'Data Bus',
        wires: [
          ['CAN-C High', 'White/Gray', 'Security gateway under the dash', 'data', 'Use the SGW bypass'],
          ['CAN-C Low', 'White', 'Security gateway under the dash', 'data'],
        ],
      },
      {
        key: 'lights',
        title: 'Lights',
        wires: [
          ['Parking Lights', 'CAN', 'Through the data module', 'data'],
          ['Hood Pin', 'Add-on', 'Passenger fender', '-'],
        ],
      },
    ],
    instructions: [
      { key: 'disassembly', title: 'Disassembly', steps: DISASSEMBLY_STEPS('the lower dash panel left of the column') },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('plug the SGW T-harness at the gateway'),
      },
    ],
    bulletins: [['eTorque', 'Do not disconnect the 48 V battery; remote start works with eTorque.']],
    guide: {
      title: '2019–2024 Ram 1500 DT install',
      summary: 'SGW bypass, push-to-start.',
      steps: ['Remove the lower dash.', 'Install the SGW T-harness.', 'Connect power and start.', 'Program and test.'],
    },
  },
  {
    year: 2020,
    make: 'Kia',
    model: 'Telluride',
    vin: '5XYP3DHC2LG041837',
    trims: ['LX', 'S', 'EX', 'SX'],
    tip: 'Push-to-start on all trims. The T-harness plugs in at the smart key unit; locks and lights run over C-CAN.',
    description: '2020 Kia Telluride (ON), 3.8L V6, 8-speed automatic.',
    wiring: [
      {
        key: 'ignition',
        title: 'Push-to-Start',
        wires: [
          ['12V Constant', 'Red', 'Smart key unit, connector M40-A', '+'],
          ['Ignition 1', 'Blue', 'Smart key unit, connector M40-A, pin 6', '+'],
          ['Start Button', 'Brown', 'Start button, pin 4', '-'],
          ['Brake Switch', 'Green/Orange', 'Stop lamp switch', '+'],
        ],
      },
      { key: 'data', title: 'Data Bus', wires: OBD_CAN },
      {
        key: 'lights',
        title: 'Lights',
        wires: [
          ['Parking Lights', 'CAN', 'Through the data module', 'data'],
          ['Hood Pin', 'Pink', 'IBU, connector M04-B', '-'],
        ],
      },
    ],
    instructions: [
      { key: 'disassembly', title: 'Disassembly', steps: DISASSEMBLY_STEPS('the driver lower crash pad') },
      {
        key: 'programming',
        title: 'Module Programming',
        steps: PROGRAMMING_STEPS('plug the T-harness at the smart key unit'),
      },
    ],
    bulletins: [['UVO', 'Factory UVO remote start is independent.']],
    guide: {
      title: '2020–2024 Telluride and Palisade install',
      summary: 'T-harness at the smart key unit.',
      steps: ['Remove the crash pad.', 'Install the T-harness.', 'Program the bypass.', 'Test.'],
    },
  },
];
