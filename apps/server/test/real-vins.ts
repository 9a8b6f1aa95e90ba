/**
 * Real VINs of light vehicles, 1987–2026, with what NHTSA vPIC decodes them to (issue 15 §8).
 * Sources: NHTSA's own example (1HGCM82633A004352, vPIC's API documentation); the test data
 * of the open-source decoders davidpeckham/vin (tests/cars/test_decode.yaml, taken from vPIC)
 * and cardog-ai/corgi (test/fixtures.ts, production VINs checked against vPIC's API). Every
 * VIN here has a correct check digit and was decoded by the portal's decoder before it was
 * written down; none is made up.
 *
 * [VIN, vPIC ModelYear, vPIC Make, vPIC Model, the cascade's model name, or null when the
 * cascade does not list the vehicle].
 */
export type RealVin = [vin: string, year: number, make: string, vpicModel: string, cascadeModel: string | null];

export const REAL_VINS: RealVin[] = [
  // In the cascade: the answer names the cascade's make and model.
  ['1HGCM82633A004352', 2003, 'Honda', 'Accord', 'Accord'],
  ['JH4DA3344KS007957', 1989, 'Acura', 'Integra', 'Integra'],
  ['JH4DB1576LS806648', 1990, 'Acura', 'Integra', 'Integra'],
  ['JH4DC4340RS003205', 1994, 'Acura', 'Integra', 'Integra'],
  ['1FTEF14N5KNB35920', 1989, 'Ford', 'F-150', 'F-150'],
  ['1JCMR7849JT185834', 1988, 'Jeep', 'Cherokee', 'Cherokee'],
  ['2GCEC19Z0S1245490', 1995, 'Chevrolet', 'GMT-400', 'C/K 1500'],
  ['1B7HF16Y4TS518710', 1996, 'Dodge', 'Ram', 'Ram 1500'],
  ['1B4GP54RXVB379372', 1997, 'Dodge', 'Caravan/Grand Caravan', 'Grand Caravan'],
  ['1G8ZH1278XZ108219', 1999, 'Saturn', 'SC2', 'S-Series'],
  ['1J4FA29P3YP729948', 2000, 'Jeep', 'Wrangler', 'Wrangler'],
  ['3VWSD29M41M067176', 2001, 'Volkswagen', 'Jetta', 'Jetta'],
  ['1B4HS28N51F542134', 2001, 'Dodge', 'Durango', 'Durango'],
  ['1GTGK13U83F214071', 2003, 'GMC', 'Sierra', 'Sierra 1500'],
  ['JNKCV51F54M711589', 2004, 'Infiniti', 'G35', 'G35'],
  ['2T1BR30E36C599972', 2006, 'Toyota', 'Corolla', 'Corolla'],
  ['4A3AK24F36E026691', 2006, 'Mitsubishi', 'Eclipse', 'Eclipse'],
  ['5FNRL38297B007384', 2007, 'Honda', 'Odyssey', 'Odyssey'],
  ['KM8JN72D07U585496', 2007, 'Hyundai', 'Tucson', 'Tucson'],
  ['1FTRX12W28FB34687', 2008, 'Ford', 'F-150', 'F-150'],
  ['JTHCK262785015684', 2008, 'Lexus', 'IS', 'IS'],
  ['WAULF78K19N037307', 2009, 'Audi', 'A4', 'A4'],
  ['JF2SH62689G711814', 2009, 'Subaru', 'Forester', 'Forester'],
  ['2B3CJ7DW4AH121212', 2010, 'Dodge', 'Challenger', 'Challenger'],
  ['3FAHP0CG7AR407361', 2010, 'Ford', 'Fusion', 'Fusion'],
  ['4T1BB3EK5AU118081', 2010, 'Toyota', 'Camry', 'Camry'],
  ['1GKLVKED6AJ152841', 2010, 'GMC', 'Acadia', 'Acadia'],
  ['WBSPM9C52BE209978', 2011, 'BMW', 'M3', '3 Series'],
  ['2C3CCACG6CH275007', 2012, 'Chrysler', '300', '300'],
  ['5NPEB4AC9DH571382', 2013, 'Hyundai', 'Sonata', 'Sonata'],
  ['5XYKTCA62DG346197', 2013, 'Kia', 'Sorento', 'Sorento'],
  ['1FTEX1CM8EFB88051', 2014, 'Ford', 'F-150', 'F-150'],
  ['3VW217AU3FM090764', 2015, 'Volkswagen', 'Golf', 'Golf'],
  ['5UXWX9C58F0D45921', 2015, 'BMW', 'X3', 'X3'],
  ['2GKFLTEK4H6343592', 2017, 'GMC', 'Terrain', 'Terrain'],
  ['WAUM2AF27KN066221', 2019, 'Audi', 'A6', 'A6'],
  ['1C4PJMCBXKD279503', 2019, 'Jeep', 'Cherokee', 'Cherokee'],
  ['1C6SRFETXKN545625', 2019, 'Ram', '1500', '1500'],
  ['5N1AT2MVXLC807279', 2020, 'Nissan', 'Rogue', 'Rogue'],
  ['5J8TC2H93LL800699', 2020, 'Acura', 'RDX', 'RDX'],
  ['5NMS3CAA0LH217545', 2020, 'Hyundai', 'Santa Fe', 'Santa Fe'],
  ['W1KWF8EB3MR649946', 2021, 'Mercedes-Benz', 'C-Class', 'C-Class'],
  ['JM3TCBCY6M0454042', 2021, 'Mazda', 'CX-9', 'CX-9'],
  ['3KPF54AD7ME321714', 2021, 'Kia', 'Forte', 'Forte'],
  ['2HKRW2H20NH207506', 2022, 'Honda', 'CR-V', 'CR-V'],
  ['WA1EAAFYXN2065837', 2022, 'Audi', 'Q5', 'Q5'],
  ['3C6UR5DL8NG108210', 2022, 'Ram', '2500', '2500'],
  ['2C4RC1L70PR614477', 2023, 'Chrysler', 'Pacifica', 'Pacifica'],
  ['KM8R5DGE3PU560806', 2023, 'Hyundai', 'Palisade', 'Palisade'],
  ['JM1NDAM79S0658829', 2025, 'Mazda', 'MX-5', 'MX-5 Miata'],
  ['2T3B1RFV0SC582226', 2025, 'Toyota', 'RAV4', 'RAV4'],
  ['5XYP5DGC3SG621138', 2025, 'Kia', 'Telluride', 'Telluride'],
  ['3FTTW8A35SRA58370', 2025, 'Ford', 'Maverick', 'Maverick'],
  ['5LM5J7XCXSGL00787', 2025, 'Lincoln', 'Aviator', 'Aviator'],
  ['JF2GUADC6S8315811', 2025, 'Subaru', 'Crosstrek', 'Crosstrek'],
  ['4JGFD6BB8TB572566', 2026, 'Mercedes-Benz', 'GLE-Class', 'GLE'],
  ['2T2BAMCA8TC137310', 2026, 'Lexus', 'RX', 'RX'],
  ['1C6RJTBG8TL161612', 2026, 'Jeep', 'Gladiator', 'Gladiator'],
  // Decoded by vPIC, but the cascade does not list the vehicle: the spec's vinNotFound.
  ['JH4KA2635HC013743', 1987, 'Acura', 'Legend', null],
  ['1FMCU14T3JU402061', 1988, 'Ford', 'Bronco II', null],
  ['1N6SD16S6NC347945', 1992, 'Nissan', 'Pickup', null],
  ['1G1JC1440PZ215164', 1993, 'Chevrolet', 'Cavalier', null],
  ['1FTJW36F9TEA02868', 1996, 'Ford', 'F-350', null],
  ['W06VR52R6WR227722', 1998, 'Cadillac', 'Catera', null],
  ['19UYA42601A019296', 2001, 'Acura', 'CL', null],
  ['1C4GJ25372B521864', 2002, 'Chrysler', 'Voyager', null],
  ['JM1FE173540134610', 2004, 'Mazda', 'RX-8', null],
  ['JTDJT123850075562', 2005, 'Toyota', 'Echo', null],
  ['WBA3R5C57EK186393', 2014, 'BMW', '435i', null],
  ['SALYB2RV4JA756586', 2018, 'Land Rover', 'Range Rover Velar', null],
];
