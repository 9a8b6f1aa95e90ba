/**
 * The makes and models of the year/make/model cascade with the years each was sold (North
 * America). `to` null: still sold, so it runs to next year (spec 01 §9). Body picks the
 * generated picture and the generic wiring template.
 */
export type Body = 'sedan' | 'coupe' | 'hatch' | 'suv' | 'truck' | 'van';
export type ModelSpan = [name: string, from: number, to: number | null, body: Body];

export const MAKE_MODELS: [make: string, models: ModelSpan[]][] = [
  [
    'Acura',
    [
      ['Integra', 1986, 2001, 'coupe'],
      ['Integra', 2023, null, 'hatch'],
      ['TL', 1996, 2014, 'sedan'],
      ['MDX', 2001, null, 'suv'],
      ['RDX', 2007, null, 'suv'],
      ['TLX', 2015, null, 'sedan'],
    ],
  ],
  [
    'Alfa Romeo',
    [
      ['Giulia', 2017, null, 'sedan'],
      ['Stelvio', 2018, null, 'suv'],
      ['Spider', 1966, 1994, 'coupe'],
    ],
  ],
  [
    'AMC',
    [
      ['Hornet', 1970, 1977, 'sedan'],
      ['Gremlin', 1970, 1978, 'hatch'],
      ['Javelin', 1968, 1974, 'coupe'],
      ['Eagle', 1980, 1987, 'sedan'],
    ],
  ],
  [
    'Audi',
    [
      ['A4', 1996, null, 'sedan'],
      ['A6', 1995, null, 'sedan'],
      ['Q5', 2009, null, 'suv'],
      ['Q7', 2007, null, 'suv'],
    ],
  ],
  [
    'BMW',
    [
      ['3 Series', 1977, null, 'sedan'],
      ['5 Series', 1975, null, 'sedan'],
      ['X3', 2004, null, 'suv'],
      ['X5', 2000, null, 'suv'],
    ],
  ],
  [
    'Buick',
    [
      ['Roadmaster', 1940, 1958, 'sedan'],
      ['Special', 1940, 1969, 'sedan'],
      ['Century', 1954, 2005, 'sedan'],
      ['LeSabre', 1959, 2005, 'sedan'],
      ['Regal', 1973, 2020, 'sedan'],
      ['Enclave', 2008, null, 'suv'],
      ['Encore', 2013, null, 'suv'],
    ],
  ],
  [
    'Cadillac',
    [
      ['Series 62', 1940, 1964, 'sedan'],
      ['DeVille', 1959, 2005, 'sedan'],
      ['Eldorado', 1953, 2002, 'coupe'],
      ['Escalade', 1999, null, 'suv'],
      ['CTS', 2003, 2019, 'sedan'],
      ['XT5', 2017, null, 'suv'],
    ],
  ],
  [
    'Chevrolet',
    [
      ['Master Deluxe', 1940, 1942, 'sedan'],
      ['Fleetline', 1941, 1952, 'sedan'],
      ['Bel Air', 1950, 1975, 'sedan'],
      ['Impala', 1958, 2020, 'sedan'],
      ['C/K 1500', 1960, 1999, 'truck'],
      ['Camaro', 1967, 2024, 'coupe'],
      ['Malibu', 1964, 2025, 'sedan'],
      ['Tahoe', 1995, null, 'suv'],
      ['Silverado 1500', 1999, null, 'truck'],
      ['Equinox', 2005, null, 'suv'],
      ['Traverse', 2009, null, 'suv'],
      ['Colorado', 2004, null, 'truck'],
    ],
  ],
  [
    'Chrysler',
    [
      ['New Yorker', 1940, 1996, 'sedan'],
      ['Windsor', 1940, 1961, 'sedan'],
      ['300', 2005, 2023, 'sedan'],
      ['Town & Country', 1990, 2016, 'van'],
      ['Pacifica', 2017, null, 'van'],
    ],
  ],
  [
    'DeSoto',
    [
      ['Custom', 1946, 1952, 'sedan'],
      ['Firedome', 1952, 1959, 'sedan'],
    ],
  ],
  [
    'Dodge',
    [
      ['Custom', 1940, 1948, 'sedan'],
      ['Coronet', 1949, 1976, 'sedan'],
      ['Dart', 1960, 1976, 'sedan'],
      ['Charger', 1966, 1978, 'coupe'],
      ['Charger', 2006, null, 'sedan'],
      ['Challenger', 2008, 2023, 'coupe'],
      ['Grand Caravan', 1987, 2020, 'van'],
      ['Durango', 1998, null, 'suv'],
      ['Ram 1500', 1994, 2010, 'truck'],
    ],
  ],
  [
    'Fiat',
    [
      ['500', 2012, 2019, 'hatch'],
      ['500X', 2016, 2023, 'suv'],
    ],
  ],
  [
    'Ford',
    [
      ['Deluxe', 1940, 1948, 'sedan'],
      ['F-1', 1948, 1952, 'truck'],
      ['F-100', 1953, 1983, 'truck'],
      ['Fairlane', 1955, 1970, 'sedan'],
      ['Thunderbird', 1955, 2005, 'coupe'],
      ['Mustang', 1965, null, 'coupe'],
      ['Bronco', 1966, 1996, 'suv'],
      ['Bronco', 2021, null, 'suv'],
      ['F-150', 1975, null, 'truck'],
      ['Explorer', 1991, null, 'suv'],
      ['Escape', 2001, null, 'suv'],
      ['Focus', 2000, 2018, 'sedan'],
      ['Fusion', 2006, 2020, 'sedan'],
      ['Edge', 2007, 2024, 'suv'],
      ['Maverick', 2022, null, 'truck'],
    ],
  ],
  [
    'Genesis',
    [
      ['G70', 2019, null, 'sedan'],
      ['G80', 2017, null, 'sedan'],
      ['GV70', 2022, null, 'suv'],
      ['GV80', 2021, null, 'suv'],
    ],
  ],
  [
    'GMC',
    [
      ['Sierra 1500', 1999, null, 'truck'],
      ['Yukon', 1992, null, 'suv'],
      ['Acadia', 2007, null, 'suv'],
      ['Terrain', 2010, null, 'suv'],
      ['Canyon', 2004, null, 'truck'],
      ['Jimmy', 1970, 2005, 'suv'],
    ],
  ],
  [
    'Honda',
    [
      ['Civic', 1973, null, 'sedan'],
      ['Accord', 1976, null, 'sedan'],
      ['CR-V', 1997, null, 'suv'],
      ['Pilot', 2003, null, 'suv'],
      ['Odyssey', 1995, null, 'van'],
      ['Ridgeline', 2006, null, 'truck'],
      ['Fit', 2007, 2020, 'hatch'],
      ['HR-V', 2016, null, 'suv'],
    ],
  ],
  [
    'Hudson',
    [
      ['Commodore', 1941, 1952, 'sedan'],
      ['Hornet', 1951, 1957, 'sedan'],
    ],
  ],
  [
    'Hummer',
    [
      ['H2', 2003, 2009, 'suv'],
      ['H3', 2006, 2010, 'suv'],
    ],
  ],
  [
    'Hyundai',
    [
      ['Elantra', 1992, null, 'sedan'],
      ['Sonata', 1989, null, 'sedan'],
      ['Tucson', 2005, null, 'suv'],
      ['Santa Fe', 2001, null, 'suv'],
      ['Palisade', 2020, null, 'suv'],
      ['Kona', 2018, null, 'suv'],
    ],
  ],
  [
    'Infiniti',
    [
      ['G35', 2003, 2008, 'sedan'],
      ['Q50', 2014, null, 'sedan'],
      ['QX60', 2013, null, 'suv'],
      ['QX80', 2014, null, 'suv'],
    ],
  ],
  [
    'Jaguar',
    [
      ['XJ', 1970, 2019, 'sedan'],
      ['F-Pace', 2017, null, 'suv'],
    ],
  ],
  [
    'Jeep',
    [
      ['CJ-5', 1955, 1983, 'suv'],
      ['Wagoneer', 1963, 1991, 'suv'],
      ['Cherokee', 1974, 2001, 'suv'],
      ['Cherokee', 2014, 2023, 'suv'],
      ['Wrangler', 1987, null, 'suv'],
      ['Grand Cherokee', 1993, null, 'suv'],
      ['Liberty', 2002, 2012, 'suv'],
      ['Compass', 2007, null, 'suv'],
      ['Gladiator', 2020, null, 'truck'],
    ],
  ],
  [
    'Kia',
    [
      ['Sorento', 2003, null, 'suv'],
      ['Sportage', 1995, null, 'suv'],
      ['Optima', 2001, 2020, 'sedan'],
      ['K5', 2021, null, 'sedan'],
      ['Soul', 2010, null, 'hatch'],
      ['Telluride', 2020, null, 'suv'],
      ['Forte', 2010, 2024, 'sedan'],
    ],
  ],
  [
    'Land Rover',
    [
      ['Range Rover', 1987, null, 'suv'],
      ['Discovery', 1994, null, 'suv'],
      ['Defender', 2020, null, 'suv'],
    ],
  ],
  [
    'Lexus',
    [
      ['ES', 1990, null, 'sedan'],
      ['RX', 1999, null, 'suv'],
      ['IS', 2001, null, 'sedan'],
      ['GX', 2003, null, 'suv'],
      ['NX', 2015, null, 'suv'],
    ],
  ],
  [
    'Lincoln',
    [
      ['Continental', 1940, 2020, 'sedan'],
      ['Town Car', 1981, 2011, 'sedan'],
      ['Navigator', 1998, null, 'suv'],
      ['MKZ', 2007, 2020, 'sedan'],
      ['Aviator', 2020, null, 'suv'],
    ],
  ],
  [
    'Mazda',
    [
      ['Mazda3', 2004, null, 'sedan'],
      ['Mazda6', 2003, 2021, 'sedan'],
      ['CX-5', 2013, null, 'suv'],
      ['CX-9', 2007, 2023, 'suv'],
      ['MX-5 Miata', 1990, null, 'coupe'],
      ['B-Series', 1972, 2009, 'truck'],
    ],
  ],
  [
    'Mercedes-Benz',
    [
      ['C-Class', 1994, null, 'sedan'],
      ['E-Class', 1986, null, 'sedan'],
      ['GLE', 2016, null, 'suv'],
      ['Sprinter', 2003, null, 'van'],
    ],
  ],
  [
    'Mercury',
    [
      ['Eight', 1940, 1951, 'sedan'],
      ['Monterey', 1952, 1974, 'sedan'],
      ['Cougar', 1967, 2002, 'coupe'],
      ['Grand Marquis', 1975, 2011, 'sedan'],
      ['Mountaineer', 1997, 2010, 'suv'],
    ],
  ],
  [
    'Mini',
    [
      ['Cooper', 2002, null, 'hatch'],
      ['Countryman', 2011, null, 'suv'],
    ],
  ],
  [
    'Mitsubishi',
    [
      ['Lancer', 2002, 2017, 'sedan'],
      ['Outlander', 2003, null, 'suv'],
      ['Eclipse', 1990, 2012, 'coupe'],
      ['Mirage', 2014, null, 'hatch'],
    ],
  ],
  [
    'Nash',
    [
      ['Ambassador', 1940, 1957, 'sedan'],
      ['Rambler', 1950, 1955, 'sedan'],
    ],
  ],
  [
    'Nissan',
    [
      ['Altima', 1993, null, 'sedan'],
      ['Sentra', 1982, null, 'sedan'],
      ['Maxima', 1981, 2023, 'sedan'],
      ['Rogue', 2008, null, 'suv'],
      ['Pathfinder', 1987, null, 'suv'],
      ['Frontier', 1998, null, 'truck'],
      ['Titan', 2004, 2024, 'truck'],
      ['Murano', 2003, null, 'suv'],
    ],
  ],
  [
    'Oldsmobile',
    [
      ['Series 90', 1940, 1948, 'sedan'],
      ['Eighty-Eight', 1949, 1999, 'sedan'],
      ['Cutlass', 1961, 1999, 'sedan'],
      ['Alero', 1999, 2004, 'sedan'],
    ],
  ],
  [
    'Packard',
    [
      ['One-Twenty', 1940, 1941, 'sedan'],
      ['Clipper', 1941, 1957, 'sedan'],
    ],
  ],
  [
    'Plymouth',
    [
      ['Deluxe', 1940, 1950, 'sedan'],
      ['Fury', 1956, 1978, 'sedan'],
      ['Barracuda', 1964, 1974, 'coupe'],
      ['Voyager', 1984, 2000, 'van'],
      ['Neon', 1995, 2001, 'sedan'],
    ],
  ],
  [
    'Pontiac',
    [
      ['Torpedo', 1940, 1948, 'sedan'],
      ['Chieftain', 1949, 1958, 'sedan'],
      ['GTO', 1964, 1974, 'coupe'],
      ['Firebird', 1967, 2002, 'coupe'],
      ['Grand Prix', 1962, 2008, 'sedan'],
      ['G6', 2005, 2010, 'sedan'],
    ],
  ],
  [
    'Porsche',
    [
      ['911', 1965, null, 'coupe'],
      ['Cayenne', 2003, null, 'suv'],
      ['Macan', 2015, null, 'suv'],
    ],
  ],
  [
    'Ram',
    [
      ['1500', 2011, null, 'truck'],
      ['2500', 2011, null, 'truck'],
      ['ProMaster', 2014, null, 'van'],
    ],
  ],
  [
    'Saab',
    [
      ['900', 1979, 1998, 'hatch'],
      ['9-3', 1999, 2011, 'sedan'],
      ['9-5', 1999, 2011, 'sedan'],
    ],
  ],
  [
    'Saturn',
    [
      ['S-Series', 1991, 2002, 'sedan'],
      ['Vue', 2002, 2010, 'suv'],
      ['Ion', 2003, 2007, 'sedan'],
    ],
  ],
  [
    'Scion',
    [
      ['tC', 2005, 2016, 'coupe'],
      ['xB', 2004, 2015, 'hatch'],
    ],
  ],
  [
    'Studebaker',
    [
      ['Champion', 1940, 1958, 'sedan'],
      ['Commander', 1940, 1964, 'sedan'],
      ['Lark', 1959, 1966, 'sedan'],
    ],
  ],
  [
    'Subaru',
    [
      ['Outback', 1995, null, 'suv'],
      ['Forester', 1998, null, 'suv'],
      ['Impreza', 1993, null, 'sedan'],
      ['Legacy', 1990, 2025, 'sedan'],
      ['Crosstrek', 2013, null, 'suv'],
      ['Ascent', 2019, null, 'suv'],
    ],
  ],
  [
    'Tesla',
    [
      ['Model S', 2012, null, 'sedan'],
      ['Model 3', 2017, null, 'sedan'],
      ['Model Y', 2020, null, 'suv'],
    ],
  ],
  [
    'Toyota',
    [
      ['Land Cruiser', 1958, null, 'suv'],
      ['Corolla', 1968, null, 'sedan'],
      ['Celica', 1971, 2005, 'coupe'],
      ['Camry', 1983, null, 'sedan'],
      ['Pickup', 1979, 1995, 'truck'],
      ['4Runner', 1984, null, 'suv'],
      ['Tacoma', 1995, null, 'truck'],
      ['Tundra', 2000, null, 'truck'],
      ['RAV4', 1996, null, 'suv'],
      ['Highlander', 2001, null, 'suv'],
      ['Sienna', 1998, null, 'van'],
      ['Prius', 2001, null, 'hatch'],
    ],
  ],
  [
    'Volkswagen',
    [
      ['Beetle', 1950, 1979, 'coupe'],
      ['Beetle', 1998, 2019, 'coupe'],
      ['Golf', 1985, 2021, 'hatch'],
      ['Jetta', 1980, null, 'sedan'],
      ['Passat', 1990, 2022, 'sedan'],
      ['Tiguan', 2009, null, 'suv'],
      ['Atlas', 2018, null, 'suv'],
    ],
  ],
  [
    'Volvo',
    [
      ['240', 1975, 1993, 'sedan'],
      ['XC90', 2003, null, 'suv'],
      ['XC60', 2010, null, 'suv'],
      ['S60', 2001, null, 'sedan'],
    ],
  ],
];
