// @vitest-environment node
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, saveScreenshot, startTestSite, type TestSite, VIEWPORTS } from './harness';

const CONTENT_QUERIES = '**/content/*/data/query/**';

describeE2E('news', () => {
  let site: TestSite;
  let browser: Browser;
  const problems: string[] = [];

  beforeAll(async () => {
    site = await startTestSite();
    browser = await launchBrowser();
  });
  afterAll(() => closeAll(browser, site));

  /** A page that records script errors and failed requests, which no news screen should cause. */
  async function openPage(path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> {
    const page = await browser.newPage({ viewport });
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => problems.push(`${path}: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && response.url().includes('/content/')) problems.push(`${path}: ${response.status()} ${response.url()}`);
    });
    await page.goto(`${site.url}${path}`);
    return page;
  }

  /** Scrolls through the page so lazy pictures load before a full-page screenshot. */
  async function screenshotWithImages(page: Page, name: string) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
    await saveScreenshot(page, name);
  }

  const metaContent = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');

  const imageLoaded = (page: Page, selector: string) =>
    page.locator(selector).first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

  it('shows the latest posts in the home widget, the first one featured', async () => {
    const page = await openPage('/');
    const widget = page.getByRole('region', { name: 'News' });
    await widget.getByTestId('featured-post').waitFor();

    expect(await widget.getByRole('link', { name: 'News', exact: true }).getAttribute('href')).toBe('/news');
    const featured = widget.getByTestId('featured-post');
    expect(await featured.getByRole('heading').innerText()).toBe('The playoff picture with three weeks to go');
    expect(await featured.getByRole('link').getAttribute('href')).toBe('/news/playoff-picture-three-weeks-to-go');
    expect(await imageLoaded(page, '[data-testid="featured-post"] img')).toBe(true);
    expect(await widget.getByTestId('post-row').count()).toBe(7);

    const hrefs = await widget.locator('article a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toHaveLength(8);
    for (const href of hrefs) expect(href).toMatch(/^\/news\/[a-z0-9-]+$/);

    // 150 characters of body text (plus the ellipsis).
    const excerpt = await featured.locator('p').first().innerText();
    expect(excerpt.endsWith('…')).toBe(true);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(151);
    expect(await widget.getByText('By Campus Elo Staff').count()).toBeGreaterThan(0);
    expect(await widget.getByText('By Jonah Reyes').count()).toBeGreaterThan(0);
    // The post without a picture shows the placeholder.
    expect(await widget.locator('[data-news-image="placeholder"]').count()).toBe(1);
    await screenshotWithImages(page, 'news-home-widget');
    await page.setViewportSize(VIEWPORTS.mobile);
    // The home page swaps its columns for one after the resize (a media query hook): once that
    // has happened, nothing is wider than the phone. A page that stays wider fails here.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 5_000 });
    await screenshotWithImages(page, 'news-home-widget-mobile');

    await featured.getByRole('heading').click();
    await page.waitForURL('**/news/playoff-picture-three-weeks-to-go');
    await page.getByRole('heading', { level: 1, name: 'The playoff picture with three weeks to go' }).waitFor();
    await page.close();
  });

  it('lists the ten latest posts on /news with relative times', async () => {
    const page = await openPage('/news');
    await page.getByTestId('featured-post').waitFor();
    expect(await page.title()).toBe('News | Campus Elo');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('News');
    expect(await page.getByTestId('post-row').count()).toBe(9);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(10);
    const times = await page.locator('time').allInnerTexts();
    expect(times).toHaveLength(10);
    for (const time of times) expect(time).toMatch(/ago$|^yesterday$|^last (week|month)$/);
    const excerpt = await page.getByTestId('featured-post').locator('p').first().innerText();
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(301);
    expect(Array.from(excerpt).length).toBeGreaterThan(151);
    await screenshotWithImages(page, 'news-page-desktop');

    await page.setViewportSize(VIEWPORTS.mobile);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshotWithImages(page, 'news-page-mobile');

    await page.getByRole('link', { name: 'The Fall map pool and veto order' }).click();
    await page.waitForURL('**/news/fall-map-pool-and-veto');
    await page.getByRole('heading', { level: 1, name: 'The Fall map pool and veto order' }).waitFor();
    await page.close();
  });

  it('renders an article with its picture, byline, rich body, safe links and sharing tags', async () => {
    const page = await openPage('/news/how-elo-rankings-work');
    await page.getByRole('heading', { level: 1, name: 'How our Elo rankings work' }).waitFor();
    const article = page.locator('article');

    expect(await page.title()).toBe('How our Elo rankings work | News | Campus Elo');
    expect(await page.getByRole('link', { name: 'Back to News' }).getAttribute('href')).toBe('/news');
    expect(await imageLoaded(page, 'article > img')).toBe(true);
    expect(await article.getByTestId('post-meta').innerText()).toMatch(/^By Campus Elo Staff · /);
    expect(await article.locator('h2').count()).toBeGreaterThan(2);
    expect(await article.locator('ol > li').count()).toBe(3);
    expect(await article.locator('blockquote').count()).toBe(1);
    expect(await article.locator('code').count()).toBeGreaterThan(1);

    const figure = article.locator('figure');
    expect(await figure.locator('img').getAttribute('alt')).toMatch(/^An S-shaped curve/);
    expect(await figure.locator('figcaption').innerText()).toMatch(/^The expected score/);
    expect(await imageLoaded(page, 'figure img')).toBe(true);

    const external = article.getByRole('link', { name: 'the Wikipedia article on it' });
    expect(await external.getAttribute('target')).toBe('_blank');
    expect(await external.getAttribute('rel')).toBe('noopener noreferrer');

    const description = await metaContent(page, 'name="description"');
    expect(description).toMatch(/^Every team and every player/);
    expect(await metaContent(page, 'property="og:title"')).toBe('How our Elo rankings work');
    expect(await metaContent(page, 'property="og:description"')).toBe(description);
    expect(await metaContent(page, 'property="og:type"')).toBe('article');
    expect(await metaContent(page, 'property="og:image"')).toMatch(new RegExp(`^${site.url}/content/images/[0-9a-f]{40}-1200x675\\.webp$`));
    await screenshotWithImages(page, 'news-article-desktop');

    // An internal link stays in the app (no page load) and opens in the same tab.
    const internal = article.getByRole('link', { name: 'rankings', exact: true });
    expect(await internal.getAttribute('href')).toBe('/rankings');
    expect(await internal.getAttribute('target')).toBeNull();
    await page.evaluate(() => Object.assign(window, { stillTheSameDocument: true }));
    await internal.click();
    await page.waitForURL('**/rankings');
    expect(await page.evaluate(() => (window as unknown as { stillTheSameDocument?: boolean }).stillTheSameDocument)).toBe(true);
    // Leaving the article takes its sharing tags with it.
    await page.waitForFunction(() => document.head.querySelector('meta[property="og:title"]') === null);
    await page.close();
  });

  it('reads well for every demo article, on a phone too', async () => {
    const page = await openPage('/news', VIEWPORTS.mobile);
    await page.getByTestId('featured-post').waitFor();
    const slugs = await page.locator('article a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    // The news page shows 10 of the 12; the two oldest are reached by their address.
    slugs.push('/news/how-elo-rankings-work', '/news/welcome-to-fall-2026');
    expect(new Set(slugs).size).toBe(12);
    for (const path of slugs) {
      await page.goto(`${site.url}${path}`);
      await page.locator('article > h1').waitFor();
      expect(await page.title(), path).toMatch(/ \| News \| Campus Elo$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      const bodyImageAlts = await page.locator('article figure img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).alt));
      for (const alt of bodyImageAlts) expect(alt, path).not.toBe('');
    }
    await page.goto(`${site.url}/news/rules-update-pauses-overtime-substitutes`);
    await page.locator('article > h1').waitFor();
    // No picture on this post: no hero; its body uses every heading level.
    expect(await page.locator('article > img, article > [data-news-image]').count()).toBe(0);
    for (const level of ['h1', 'h2', 'h3', 'h4']) expect(await page.locator(`article div ${level}`).count(), level).toBeGreaterThan(0);
    await saveScreenshot(page, 'news-article-mobile-headings');

    await page.goto(`${site.url}/news/match-day-checklist-for-captains`);
    await page.locator('article figure img').waitFor();
    expect(await page.locator('article figure img').getAttribute('alt')).toBe('Article Image');
    await screenshotWithImages(page, 'news-article-mobile-checklist');
    await page.close();
  });

  it('says when an article does not exist', async () => {
    const page = await openPage('/news/no-such-article');
    await page.getByRole('heading', { name: 'Article not found' }).waitFor();
    await expect.poll(() => page.title()).toBe('Article not found | News | Campus Elo');
    await saveScreenshot(page, 'news-article-not-found');
    await page.getByRole('link', { name: 'Browse all news articles' }).click();
    await page.waitForURL('**/news');
    await page.getByTestId('featured-post').waitFor();
    await page.close();
  });

  /**
   * The server writes the news into the home, news and article pages' first answer, so the
   * browser asks for news itself only on pages it reaches inside the app: start on a page
   * without news and move there as a link would (history and popstate, which the router follows).
   */
  async function openInApp(page: Page, path: string) {
    if (!page.url().startsWith(site.url)) {
      await page.goto(`${site.url}/rankings`);
      await page.waitForLoadState('networkidle');
    }
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  it('says when the news cannot be loaded', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    page.setDefaultTimeout(10_000);
    await page.route(CONTENT_QUERIES, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }));

    await openInApp(page, '/');
    const homeError = page.getByRole('region', { name: 'News' }).getByText('Failed to load news posts');
    await homeError.waitFor();
    expect(await homeError.evaluate((element) => getComputedStyle(element).color)).toMatch(/^rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)$/);

    await openInApp(page, '/news');
    await page.getByText('Failed to load news posts').waitFor();
    await saveScreenshot(page, 'news-page-failed');

    await openInApp(page, '/news/how-elo-rankings-work');
    await page.getByRole('heading', { name: 'Failed to load article' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse all news articles' }).getAttribute('href')).toBe('/news');
    await saveScreenshot(page, 'news-article-failed');
    await page.close();
  });

  it('says when there are no posts', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    page.setDefaultTimeout(10_000);
    await page.route(CONTENT_QUERIES, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"result":[],"ms":1}' }));
    await openInApp(page, '/news');
    await page.getByText('No news posts available').waitFor();
    await openInApp(page, '/');
    await page.getByRole('region', { name: 'News' }).getByText('No news posts available').waitFor();
    await page.close();
  });

  it('caused no script errors or failed content requests', () => {
    expect(problems).toEqual([]);
  });
});
