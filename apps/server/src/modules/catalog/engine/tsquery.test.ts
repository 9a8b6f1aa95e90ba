import { describe, expect, it } from 'vitest';
import { ftsOf, parseTsquery, type Vocabulary } from './tsquery.ts';

// How a tsquery is said in FTS5 (the index's whole answers are compared with the database's in
// search-index.test.ts); here the prefix rule alone, which the demo catalog reaches only in part.
const TOKENS = ['remote', 'start', 'starter', 'starting', 'stop'];
const vocabulary = (most: number): Vocabulary => ({
  known: (lexeme) => /^[a-z0-9-]+$/.test(lexeme),
  startingWith(prefix) {
    if (prefix.length <= 4) return null;
    const found = TOKENS.filter((token) => token.startsWith(prefix));
    return found.length > most ? null : found;
  },
});
const say = (tsquery: string, most = 64) => ftsOf(parseTsquery(tsquery)!, vocabulary(most), 'NEVER');

describe('ftsOf', () => {
  it('names the tokens of a prefix longer than the prefix indexes, so FTS5 walks them in order', () => {
    expect(say("'remot' & 'start':*")).toBe('(lex : "remot" AND lex : ("start" OR "starter" OR "starting"))');
  });

  it('leaves a prefix the prefix indexes hold, or one of too many tokens, to FTS5', () => {
    expect(say("'sto':*")).toBe('lex : "sto" *');
    expect(say("'start':*", 2)).toBe('lex : "start" *');
  });

  it('matches nothing for a prefix no token starts with, or a lexeme no token can be', () => {
    expect(say("'zzzzz':*")).toBe('NEVER');
    expect(say("'a b' | 'stop'")).toBe('(NEVER OR lex : "stop")');
  });

  it('can not say a phrase or a lone NOT', () => {
    expect(say("'remot' <-> 'start'")).toBeNull();
    expect(say("!'stop'")).toBeNull();
  });
});
