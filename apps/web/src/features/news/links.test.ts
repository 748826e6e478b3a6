import { describe, expect, it } from 'vitest';
import { safeLink } from './links';

describe('safeLink', () => {
  it('keeps paths on this site in the app', () => {
    expect(safeLink('/rankings')).toEqual({ kind: 'internal', href: '/rankings' });
    expect(safeLink(' /matches#past ')).toEqual({ kind: 'internal', href: '/matches#past' });
  });

  it('opens web and mail addresses elsewhere', () => {
    expect(safeLink('https://example.org/a?b=c')).toEqual({ kind: 'external', href: 'https://example.org/a?b=c' });
    expect(safeLink('http://example.org')).toEqual({ kind: 'external', href: 'http://example.org/' });
    expect(safeLink('mailto:staff@example.org')).toEqual({ kind: 'external', href: 'mailto:staff@example.org' });
  });

  it('refuses script, data, other sites disguised as paths and anything unparseable', () => {
    for (const href of ['javascript:alert(1)', ' JavaScript:alert(1)', 'java\nscript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example', '/\\evil.example', 'rankings', '', null, 42, undefined]) {
      expect(safeLink(href), String(href)).toBeNull();
    }
  });
});
