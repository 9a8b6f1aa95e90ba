import { describe, expect, it } from 'vitest';
import { filterBusinesses, fuzzyScore, matchesBusiness } from './fuzzy.ts';

const partners = [
  { sapBpCode: 'C100977', companyName: 'Harbor Mobile Electronics' },
  { sapBpCode: 'C100310', companyName: 'Lakeside Remote Start' },
  { sapBpCode: 'N200145', companyName: 'Maple Leaf Remote Starters' },
  { sapBpCode: 'C100555', companyName: 'Nashville Orthodox Tint & Hifi' },
  { sapBpCode: 'C100234', companyName: 'Northside Auto Sound' },
];
const names = (query: string) => filterBusinesses(partners, query).map((p) => p.companyName);

describe('business search (spec 01 §5: case-insensitive, characters in order)', () => {
  it('matches characters in order, not necessarily side by side', () => {
    expect(fuzzyScore('nas', 'Northside Auto Sound')).not.toBeNull();
    expect(fuzzyScore('nthsd', 'Northside Auto Sound')).not.toBeNull();
    expect(fuzzyScore('sdn', 'Northside Auto Sound')).not.toBeNull();
  });

  it('does not match characters out of order or missing', () => {
    expect(fuzzyScore('htron', 'Northside Auto Sound')).toBeNull();
    expect(fuzzyScore('northsidex', 'Northside Auto Sound')).toBeNull();
  });

  it('ignores case and the spaces typed', () => {
    expect(fuzzyScore('NORTHSIDE', 'Northside Auto Sound')).toBe(0);
    expect(fuzzyScore('northside auto', 'Northside Auto Sound')).toBe(0);
    expect(fuzzyScore('north side', 'Northside Auto Sound')).toBe(0);
  });

  it('lists everything for an empty or blank search, in the given order', () => {
    expect(names('')).toEqual(partners.map((p) => p.companyName));
    expect(names('   ')).toHaveLength(partners.length);
  });

  it('ranks a plain substring before a scattered match, then by where it starts', () => {
    expect(names('north')).toEqual(['Northside Auto Sound', 'Nashville Orthodox Tint & Hifi']);
    expect(names('remote')).toEqual(['Lakeside Remote Start', 'Maple Leaf Remote Starters']);
  });

  it('also finds a business by its code', () => {
    expect(names('c100234')).toEqual(['Northside Auto Sound']);
    expect(names('N2001')).toEqual(['Maple Leaf Remote Starters']);
    expect(matchesBusiness('977', partners[0]!)).toBe(true);
  });

  it('answers nothing when nothing matches (the modal shows "No results found.")', () => {
    expect(names('zzz')).toEqual([]);
  });
});
