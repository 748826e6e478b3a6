import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseIntegerList } from './number-list';

describe('parseIntegerList', () => {
  it('reads integers, negatives and empty fields in order', () => {
    const into = new Float64Array(6);
    parseIntegerList('3,-1,,1200,0,1735689600123', into);
    expect(Array.from(into)).toEqual([3, -1, Number.NaN, 1200, 0, 1735689600123]);
  });

  it('stores an empty field as the marker an integer array is given', () => {
    const into = new Int32Array(3);
    parseIntegerList(',7,', into, -1);
    expect(Array.from(into)).toEqual([-1, 7, -1]);
  });

  it('tells one null from no values by the count expected', () => {
    const one = new Float64Array(1);
    parseIntegerList('', one);
    expect(Number.isNaN(one[0])).toBe(true);
    expect(() => parseIntegerList('', new Float64Array(0))).not.toThrow();
  });

  it('refuses anything that is not our own list', () => {
    expect(() => parseIntegerList('1,2', new Int32Array(1))).toThrow(/more than 1/);
    expect(() => parseIntegerList('1', new Int32Array(2))).toThrow(/1 values where 2/);
    expect(() => parseIntegerList('1', new Int32Array(0))).toThrow(/none were expected/);
    expect(() => parseIntegerList('1,x', new Int32Array(2))).toThrow(/unexpected character at 2/);
    expect(() => parseIntegerList('1,-', new Int32Array(2))).toThrow(/minus sign/);
    expect(() => parseIntegerList('1,2-3', new Int32Array(2))).toThrow(/unexpected character/);
  });

  it('agrees with split and Number on any list of safe integers and nulls', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.maxSafeInteger(), { nil: null }), { minLength: 1 }), (values) => {
        const text = values.map((v) => (v === null ? '' : String(v))).join(',');
        const into = new Float64Array(values.length);
        parseIntegerList(text, into);
        return values.every((v, i) => (v === null ? Number.isNaN(into[i]) : into[i] === v));
      }),
    );
  });
});
