import { describe, expect, it } from 'vitest';
import { dropFirstPageHeadWhenLeft } from './page-head';

describe("the first page's head", () => {
  it('stays while the app shows the first page and goes when it shows another', () => {
    const doc = document.implementation.createHTMLDocument('page');
    doc.head.innerHTML = `<title>Team</title><meta name="description" content="A team" data-page-head /><link rel="canonical" href="https://x/teams/1" data-page-head /><meta name="viewport" content="width=device-width" />`;
    let listener: Parameters<Parameters<typeof dropFirstPageHeadWhenLeft>[0]>[0] | undefined;
    let unsubscribed = false;
    dropFirstPageHeadWhenLeft(
      (l) => {
        listener = l;
        return () => (unsubscribed = true);
      },
      '/teams/1',
      doc,
    );
    listener!({ toLocation: { pathname: '/teams/1' } });
    expect(doc.head.querySelectorAll('[data-page-head]')).toHaveLength(2);
    listener!({ toLocation: { pathname: '/rankings' } });
    expect(doc.head.querySelectorAll('[data-page-head]')).toHaveLength(0);
    expect(doc.head.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(doc.title).toBe('Team');
    expect(unsubscribed).toBe(true);
  });
});
