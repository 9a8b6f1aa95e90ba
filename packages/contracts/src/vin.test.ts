import { describe, expect, it } from 'vitest';
import { checkDigitOf, hasValidCheckDigit, vinFromScan } from './vin.ts';

// Real VINs (NHTSA's own example and DEMO-DATA's demo vehicles), each with a correct check digit.
const ACCORD = '1HGCM82633A004352';
const CAMRY = '4T1B11HK1KU213547';
const F150 = '1FTEW1E4XLKD72315'; // check digit X

describe('VIN check digit', () => {
  it('is what each real VIN carries in position 9, X for ten', () => {
    for (const vin of [ACCORD, CAMRY, F150]) expect(checkDigitOf(vin)).toBe(vin[8]);
    expect(hasValidCheckDigit(ACCORD.replace('3A0', '3B0'))).toBe(false);
    expect(hasValidCheckDigit('1HGCM82633A00435')).toBe(false);
  });
});

describe('vinFromScan: what a VIN barcode said (issue 31 item 1)', () => {
  it('takes a plain read, lower case or with spaces round it', () => {
    expect(vinFromScan(ACCORD)).toEqual({ vin: ACCORD });
    expect(vinFromScan(` ${CAMRY.toLowerCase()}\n`)).toEqual({ vin: CAMRY });
  });

  it("drops the leading 'I' import marker of Code 39 labels, and a label's prefix", () => {
    expect(vinFromScan(`I${F150}`)).toEqual({ vin: F150 });
    expect(vinFromScan(`VIN:${ACCORD}`)).toEqual({ vin: ACCORD });
    expect(vinFromScan(`VIN ${CAMRY} MFD 03/19`)).toEqual({ vin: CAMRY });
  });

  it('finds the VIN among the fields of a 2-D label, and in a longer run of characters', () => {
    expect(vinFromScan(`MAKE=TOYOTA;VIN=${CAMRY};PAINT=1G3`)).toEqual({ vin: CAMRY });
    expect(vinFromScan(`9${ACCORD}`)).toEqual({ vin: ACCORD });
  });

  it('never fills in a misread: a wrong check digit is said as such, anything else is not a VIN', () => {
    const misread = ACCORD.replace('004352', '004353');
    expect(vinFromScan(misread)).toEqual({ problem: 'check-digit', read: misread });
    expect(vinFromScan('0012345678905')).toEqual({ problem: 'not-a-vin' });
    expect(vinFromScan('https://example.com/warranty')).toEqual({ problem: 'not-a-vin' });
    expect(vinFromScan('')).toEqual({ problem: 'not-a-vin' });
  });
});
