import { useRouterState } from '@tanstack/react-router';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../common/testing';
import { ArticleBody } from './ArticleBody';
import type { NewsArticle } from './posts';

let keys = 0;
const span = (text: string, marks: string[] = []) => ({ _type: 'span', _key: `s${keys++}`, text, marks });
const block = (style: string, children: ReturnType<typeof span>[], extra: Record<string, unknown> = {}) => ({
  _type: 'block',
  _key: `b${keys++}`,
  style,
  markDefs: [],
  children,
  ...extra,
});
const linked = (text: string, href: string) => {
  const key = `l${keys++}`;
  return block('normal', [span('See '), span(text, [key])], { markDefs: [{ _type: 'link', _key: key, href }] });
};
const image = (fields: Record<string, unknown>) => ({ _type: 'image', _key: `i${keys++}`, asset: { _ref: 'image-x' }, ...fields });

const body: NonNullable<NewsArticle['body']> = [
  block('h1', [span('Heading one')]),
  block('h2', [span('Heading two')]),
  block('h3', [span('Heading three')]),
  block('h4', [span('Heading four')]),
  block('normal', [span('Plain, '), span('bold', ['strong']), span(', '), span('italic', ['em']), span(' and '), span('status', ['code'])]),
  block('blockquote', [span('A quoted line.')]),
  block('normal', [span('First bullet')], { listItem: 'bullet', level: 1 }),
  block('normal', [span('Second bullet')], { listItem: 'bullet', level: 1 }),
  block('normal', [span('Step one')], { listItem: 'number', level: 1 }),
  block('normal', [span('Step two')], { listItem: 'number', level: 1 }),
  linked('the rankings', '/rankings#player'),
  linked('the Elo article', 'https://en.wikipedia.org/wiki/Elo_rating_system'),
  image({ url: '/content/images/chart.webp', dimensions: { width: 800, height: 600 }, alt: 'A rising chart', caption: 'Ratings over the season' }),
  image({ url: '/content/images/setup.webp', caption: 'No alt on this one' }),
];

function CurrentLocation() {
  const href = useRouterState({ select: (state) => state.location.href });
  return <output data-testid="location">{href}</output>;
}

describe('ArticleBody', () => {
  it('renders every block type the article supports', async () => {
    const { container } = renderWithProviders(<ArticleBody body={body} />);
    for (const [level, name] of [[1, 'Heading one'], [2, 'Heading two'], [3, 'Heading three'], [4, 'Heading four']] as const) {
      expect((await screen.findByRole('heading', { level, name })).tagName).toBe(`H${level}`);
    }
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('italic').tagName).toBe('EM');
    expect(screen.getByText('status').tagName).toBe('CODE');
    expect(container.querySelector('blockquote')?.textContent).toBe('A quoted line.');

    const bullets = container.querySelector('ul');
    expect(within(bullets as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['First bullet', 'Second bullet']);
    const steps = container.querySelector('ol');
    expect(within(steps as HTMLElement).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Step one', 'Step two']);

    const internal = screen.getByRole('link', { name: 'the rankings' });
    expect(internal.getAttribute('href')).toBe('/rankings#player');
    expect(internal.getAttribute('target')).toBeNull();
    const external = screen.getByRole('link', { name: 'the Elo article' });
    expect(external.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Elo_rating_system');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');

    const chart = screen.getByRole('img', { name: 'A rising chart' });
    expect(chart.getAttribute('src')).toBe('/content/images/chart.webp');
    expect([chart.getAttribute('width'), chart.getAttribute('height')]).toEqual(['800', '600']);
    expect(chart.closest('figure')?.querySelector('figcaption')?.textContent).toBe('Ratings over the season');
    // An image without alt text gets the default, and a size so the page does not jump.
    const setup = screen.getByRole('img', { name: 'Article Image' });
    expect(setup.getAttribute('width')).toBe('1200');
    expect(setup.closest('figure')?.querySelector('figcaption')?.textContent).toBe('No alt on this one');
  });

  it('follows an internal link inside the app', async () => {
    renderWithProviders(
      <>
        <ArticleBody body={[linked('the rankings', '/rankings#player')]} />
        <CurrentLocation />
      </>,
    );
    await userEvent.click(await screen.findByRole('link', { name: 'the rankings' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/rankings#player');
  });

  it('never turns post text into markup or script', async () => {
    const { container } = renderWithProviders(
      <ArticleBody
        body={[
          block('normal', [span('<img src=x onerror="alert(1)"><script>alert(2)</script>')]),
          linked('script link', 'javascript:alert(3)'),
          linked('tabbed script link', 'java\tscript:alert(4)'),
          linked('data link', 'data:text/html,<script>alert(5)</script>'),
          linked('protocol-relative link', '//evil.example/path'),
          { _type: 'mysteryEmbed', _key: 'm1', html: '<iframe src="https://evil.example"></iframe>' },
        ]}
      />,
    );
    expect(await screen.findByText('<img src=x onerror="alert(1)"><script>alert(2)</script>')).toBeTruthy();
    expect(container.querySelector('script, iframe, img')).toBeNull();
    // The unsafe links keep their text but are no links.
    expect(container.querySelectorAll('a')).toHaveLength(0);
    for (const name of ['script link', 'tabbed script link', 'data link', 'protocol-relative link']) {
      expect(container.textContent).toContain(`See ${name}`);
    }
  });

  it('shows a placeholder with the alt text when a body image has no URL or fails to load', async () => {
    renderWithProviders(<ArticleBody body={[image({ alt: 'Broken picture' }), image({ url: '/content/images/gone.webp', alt: 'Gone picture' })]} />);
    expect((await screen.findByRole('img', { name: 'Broken picture' })).tagName).toBe('DIV');
    const gone = screen.getByRole('img', { name: 'Gone picture' });
    expect(gone.tagName).toBe('IMG');
    fireEvent.error(gone);
    expect(screen.getByRole('img', { name: 'Gone picture' }).tagName).toBe('DIV');
  });
});
