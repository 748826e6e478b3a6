import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { excerptFromBody, plainTextFromBody } from './excerpt';
import type { PortableTextBlock } from './excerpt';

const block = (...texts: string[]): PortableTextBlock => ({
  _type: 'block',
  style: 'normal',
  children: texts.map((text, i) => ({ _type: 'span', _key: `s${i}`, text, marks: [] })),
});

const body: PortableTextBlock[] = [
  block('The ', 'Fall', ' season starts   today.'),
  { _type: 'image', asset: { _ref: 'image-abc' } },
  block('\n  Twelve teams,\tone trophy. '),
  { _type: 'block', children: [{ _type: 'inlineObject' }, { _type: 'span', text: 'Good luck!' }] },
];

describe('plainTextFromBody', () => {
  it('joins spans within a block, blocks with a space, collapses whitespace and skips non-text', () => {
    expect(plainTextFromBody(body)).toBe('The Fall season starts today. Twelve teams, one trophy. Good luck!');
  });

  it('is empty for a missing or textless body', () => {
    expect(plainTextFromBody(null)).toBe('');
    expect(plainTextFromBody(undefined)).toBe('');
    expect(plainTextFromBody([])).toBe('');
    expect(plainTextFromBody([{ _type: 'image' }, { _type: 'block' }, block('   ')])).toBe('');
  });
});

describe('excerptFromBody', () => {
  it('keeps exactly the first N characters, with no ellipsis', () => {
    expect(excerptFromBody(body, 15)).toBe('The Fall season');
    expect(excerptFromBody(body, 16)).toBe('The Fall season ');
    expect(excerptFromBody(body, 1000)).toBe('The Fall season starts today. Twelve teams, one trophy. Good luck!');
    expect(excerptFromBody(body, 0)).toBe('');
    expect(excerptFromBody(body, -5)).toBe('');
    expect(excerptFromBody(null, 150)).toBe('');
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(excerptFromBody([block('GG 🎉🎉 WP')], 4)).toBe('GG 🎉');
  });

  it('is a prefix of the plain text, at most N characters, with no doubled or leading spaces', () => {
    const blocks = fc.array(
      fc.oneof(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\t', 'é') })).map((texts) => block(...texts)),
        fc.constant<PortableTextBlock>({ _type: 'image' }),
      ),
    );
    fc.assert(
      fc.property(blocks, fc.nat(60), (generated, length) => {
        const full = plainTextFromBody(generated);
        const excerpt = excerptFromBody(generated, length);
        expect(full.startsWith(excerpt)).toBe(true);
        expect(Array.from(excerpt).length).toBe(Math.min(length, Array.from(full).length));
        expect(excerpt).not.toMatch(/\s\s|^\s|[\n\t]/);
      }),
    );
  });
});
