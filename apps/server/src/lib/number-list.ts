/*
 * Comma-joined integer lists ('3,-1,,1200'), as PostgreSQL's string_agg returns a column of a
 * bulk read (features/elo/ledger-columns.ts), parsed straight into typed arrays. Splitting
 * such a text into 300,000 strings and calling Number on each took most of the read's time in
 * JavaScript (docs/decisions/0095-fast-replay.md); one pass over the character codes does not.
 */

const COMMA = 44;
const MINUS = 45;
const ZERO = 48;
const NINE = 57;

/**
 * Fills `into` with the list's integers in order: exactly `into.length` of them (the caller
 * knows the row count, which also tells '' as one null from no values). An empty field (a
 * null) is stored as `empty`: NaN in a Float64Array, or a marker the caller chose for an
 * integer array. Anything but digits, one leading minus sign and commas is an error, as is
 * another count of values: the text comes from our own statement, so either means a bug.
 */
export function parseIntegerList(text: string, into: Float64Array | Int32Array | Uint8Array, empty = Number.NaN): void {
  if (into.length === 0) {
    if (text.length > 0) throw new Error('integer list: values where none were expected');
    return;
  }
  let count = 0;
  let value = 0;
  let negative = false;
  let digits = 0;
  const finish = () => {
    if (count >= into.length) throw new Error(`integer list: more than ${into.length} values`);
    if (digits === 0 && negative) throw new Error('integer list: a minus sign without digits');
    into[count] = digits === 0 ? empty : negative ? -value : value;
    count += 1;
    value = 0;
    negative = false;
    digits = 0;
  };
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= ZERO && code <= NINE) {
      value = value * 10 + (code - ZERO);
      digits += 1;
    } else if (code === COMMA) {
      finish();
    } else if (code === MINUS && digits === 0 && !negative) {
      negative = true;
    } else {
      throw new Error(`integer list: unexpected character at ${i}`);
    }
  }
  finish();
  if (count !== into.length) throw new Error(`integer list: ${count} values where ${into.length} were expected`);
}
