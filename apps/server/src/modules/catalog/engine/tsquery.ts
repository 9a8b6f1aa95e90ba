/**
 * PostgreSQL's tsquery, as it prints one, read back and said again in FTS5's query language: the search
 * index (engine/index.ts) answers the very query the database would, on the very lexemes it stored.
 */

/** A tsquery as PostgreSQL prints it, parsed: lexemes (with :*), !, <N>, & and |. */
export type Tsq =
  | { op: 'lex'; lexeme: string; prefix: boolean }
  | { op: '!'; arg: Tsq }
  | { op: '&' | '|'; args: Tsq[] }
  | { op: '<>'; distance: number; args: [Tsq, Tsq] };

/** Reads `tsquery::text` (precedence ! over <N> over & over |); null for the empty query. */
export function parseTsquery(text: string): Tsq | null {
  let at = 0;
  const skip = () => {
    while (text[at] === ' ') at++;
  };
  const operand = (): Tsq => {
    skip();
    if (text[at] === '!') {
      at++;
      return { op: '!', arg: operand() };
    }
    if (text[at] === '(') {
      at++;
      const inner = or();
      skip();
      if (text[at++] !== ')') throw new Error(`tsquery: ) expected in ${text}`);
      return inner;
    }
    if (text[at] !== "'") throw new Error(`tsquery: a lexeme expected at ${at} in ${text}`);
    let lexeme = '';
    for (at++; at < text.length; at++) {
      if (text[at] === "'" && text[at + 1] === "'") {
        lexeme += "'";
        at++;
      } else if (text[at] === '\\') lexeme += text[++at];
      else if (text[at] === "'") break;
      else lexeme += text[at];
    }
    at++;
    let prefix = false;
    if (text[at] === ':') {
      at++;
      while (/[*A-D]/.test(text[at] ?? '')) if (text[at++] === '*') prefix = true;
    }
    return { op: 'lex', lexeme, prefix };
  };
  const phrase = (): Tsq => {
    let left = operand();
    for (skip(); text[at] === '<'; skip()) {
      const close = text.indexOf('>', at);
      const inside = text.slice(at + 1, close);
      at = close + 1;
      left = { op: '<>', distance: inside === '-' ? 1 : Number(inside), args: [left, operand()] };
    }
    return left;
  };
  /** One level of a binary operator: `next` operands joined by `op` (& over phrases, | over ANDs). */
  const level = (op: '&' | '|', next: () => Tsq) => (): Tsq => {
    const args = [next()];
    for (skip(); text[at] === op; skip()) {
      at++;
      args.push(next());
    }
    return args.length === 1 ? args[0]! : { op, args };
  };
  const and = level('&', phrase);
  const or: () => Tsq = level('|', and);
  if (!text.trim()) return null;
  const query = or();
  skip();
  if (at < text.length) throw new Error(`tsquery: unexpected ${text.slice(at)} in ${text}`);
  return query;
}

type Lexeme = { lexeme: string; prefix: boolean };

/** The lexemes a query needs all of, when it is only ANDs and phrases of lexemes; else null. */
function conjunctionOf(q: Tsq): Lexeme[] | null {
  if (q.op === 'lex') return [q];
  if (q.op === '&' || q.op === '<>') {
    const parts = q.args.map(conjunctionOf);
    return parts.every((p) => p !== null) ? parts.flat() : null;
  }
  return null;
}

/**
 * Whether every document matching `query` (its phrases read as ANDs of their lexemes, which they imply)
 * matches `corrected`, a conjunction of disjunctions of lexemes (the spelling-corrected query): then
 * `query` adds no match to it. A syntactic check, so it may say no where the answer is yes, never the
 * other way.
 */
export function impliedBy(query: Tsq, corrected: Tsq | null) {
  const lexemes = conjunctionOf(query);
  if (!corrected || !lexemes) return false;
  const conjuncts = corrected.op === '&' ? corrected.args : [corrected];
  return conjuncts.every((conjunct) => {
    const options = conjunct.op === '|' ? conjunct.args : [conjunct];
    return options.some(
      (o) => o.op === 'lex' && lexemes.some((l) => (o.prefix ? l.lexeme.startsWith(o.lexeme) : l.lexeme === o.lexeme)),
    );
  });
}

/** A column's FTS5 string of one token (double quotes doubled). */
export const ftsToken = (token: string) => `"${token.replaceAll('"', '""')}"`;

/** What the index knows of its tokens, for saying a tsquery in FTS5 (search-index.ts). */
export interface Vocabulary {
  /** Whether the lexeme can be one token of the index (its characters are all token characters). */
  known(lexeme: string): boolean;
  /**
   * The index's tokens that start with `prefix` when there are few enough to name one by one, else null.
   * FTS5 reads a prefix its prefix indexes do not hold by merging every such token's whole doclist before
   * the first row; named tokens are walked in order and stop after the page.
   */
  startingWith(prefix: string): readonly string[] | null;
}

/**
 * A tsquery as an FTS5 expression over the lexeme column `lex`, or null when FTS5 can not say it: a
 * phrase (the index keeps no positions) or a lone NOT. A lexeme that can not be a token is in no document
 * and matches nothing (`never`), as in PostgreSQL; a prefix is said as the tokens it stands for when the
 * vocabulary names them (none: `never`).
 */
export function ftsOf(q: Tsq, vocabulary: Vocabulary, never: string): string | null {
  switch (q.op) {
    case 'lex': {
      if (!vocabulary.known(q.lexeme)) return never;
      if (!q.prefix) return `lex : ${ftsToken(q.lexeme)}`;
      const tokens = vocabulary.startingWith(q.lexeme);
      if (!tokens) return `lex : ${ftsToken(q.lexeme)} *`;
      if (!tokens.length) return never;
      return `lex : (${tokens.map(ftsToken).join(' OR ')})`;
    }
    case '!':
    case '<>':
      return null;
    default: {
      const parts = q.args.map((arg) => ftsOf(arg, vocabulary, never));
      return parts.every((p) => p !== null) ? `(${parts.join(q.op === '&' ? ' AND ' : ' OR ')})` : null;
    }
  }
}
