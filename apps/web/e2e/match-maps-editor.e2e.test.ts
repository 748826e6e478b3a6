// @vitest-environment node
import type { MatchMapsResponse } from '@campus-elo/api-contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeAll, describeE2E, launchBrowser, OWNER, saveScreenshot, seriousAxeViolations, startTestSite, type TestSite, VIEWPORTS } from './harness';

const SLOW = 180_000;

interface Team {
  id: string;
  name: string;
  players: string[];
}

let site: TestSite;
let browser: Browser;
let page: Page;
let home: Team;
let away: Team;
let matchId: string;

async function signIn(target: Page) {
  await target.goto(`${site.url}/signin`);
  await target.getByLabel('Email').fill(OWNER.email);
  await target.getByRole('textbox', { name: 'Password' }).fill(OWNER.password);
  await target.getByRole('button', { name: 'Sign In' }).click();
  await target.waitForURL(`${site.url}/admin`);
  await target.getByRole('heading', { name: 'Admin Panel' }).waitFor();
}

/** An input by its whole label (a required field's label ends in an asterisk; a select's list shares its label). */
const field = (label: string) => page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`)).and(page.locator('input'));

async function choose(label: string, option: string) {
  await field(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function enterMap(number: number, map: string, score1: number, score2: number, pickedBy: string) {
  await page.getByRole('button', { name: 'Add a map' }).click();
  const label = `Map ${number}`;
  await choose(`${label} map`, map);
  await field(`${label} rounds won by ${home.name}`).fill(String(score1));
  await field(`${label} rounds won by ${away.name}`).fill(String(score2));
  await choose(`${label} picked by`, pickedBy);
}

async function addVetoStep(step: number, team: string, action: string, map: string) {
  await page.getByRole('button', { name: 'Add a veto step' }).click();
  await choose(`Veto step ${step} team`, team);
  await choose(`Veto step ${step} action`, action);
  await choose(`Veto step ${step} map`, map);
}

/** Pastes text into a field as a spreadsheet's copy does: a paste event carrying the text. */
async function pasteInto(label: string, text: string) {
  const target = field(label);
  await target.focus();
  await target.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describeE2E('staff enter a best-of-three by hand: maps, veto and scoreboards', () => {
  beforeAll(async () => {
    [site, browser] = await Promise.all([startTestSite(), launchBrowser()]);
    const db = site.database.db;
    // Two demo teams with at least two players each, and a 2-1 series between them entered by hand, an hour ago.
    const rosters = await db.selectFrom('players').innerJoin('teams', 'teams.id', 'players.team_id').select(['teams.id', 'teams.name', 'players.name as player']).orderBy('teams.name').orderBy('players.name').execute();
    const byTeam = new Map<string, Team>();
    for (const row of rosters) {
      const team = byTeam.get(row.id) ?? { id: row.id, name: row.name, players: [] };
      team.players.push(row.player);
      byTeam.set(row.id, team);
    }
    // Names every player of the league shares with nobody else, so a pasted name links exactly one player.
    const counts = new Map<string, number>();
    for (const row of rosters) counts.set(row.player.toLowerCase(), (counts.get(row.player.toLowerCase()) ?? 0) + 1);
    [home, away] = [...byTeam.values()].filter((team) => team.players.filter((name) => counts.get(name.toLowerCase()) === 1).length >= 2).slice(0, 2) as [Team, Team];
    for (const team of [home, away]) team.players = team.players.filter((name) => counts.get(name.toLowerCase()) === 1);
    matchId = (
      await db
        .insertInto('matches')
        .values({
          platform: 'manual',
          external_id: `e2e-best-of-three-${Date.now()}`,
          team1_id: home.id,
          team2_id: away.id,
          score_team1: 2,
          score_team2: 1,
          winner_id: home.id,
          status: 'completed',
          date: new Date(Date.now() - 3600 * 1000),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await signIn(page);
  }, SLOW);

  afterAll(() => closeAll(browser, site));

  it(
    'enters 2-1 maps with a veto and pasted scoreboards; a contradicting score is refused with the values kept; the public read answers them',
    async () => {
      await page.goto(`${site.url}/admin#matches`);
      await page.getByRole('searchbox', { name: 'Search matches' }).fill(home.name);
      await page.getByRole('button', { name: `Edit ${home.name} vs ${away.name}` }).first().click();
      await page.getByRole('heading', { name: 'Map details' }).waitFor();
      await page.getByText('No map details for this match. Add the maps in the order they were played.').waitFor();

      await enterMap(1, 'Mirage', 13, 9, home.name);
      await field(`${home.name} 1st half`).first().fill('8');
      await field(`${home.name} 2nd half`).first().fill('5');
      await field(`${away.name} 1st half`).first().fill('4');
      await field(`${away.name} 2nd half`).first().fill('5');
      await enterMap(2, 'Inferno', 10, 13, away.name);
      // Refused first: map 3 lost makes the maps 1-2 against the match's 2-1.
      await enterMap(3, 'Nuke', 14, 16, 'Nobody (decider)');
      await addVetoStep(1, home.name, 'Ban', 'Ancient');
      await addVetoStep(2, away.name, 'Ban', 'Anubis');
      await addVetoStep(3, 'Nobody', 'Decider', 'Nuke');

      // Map 1, home side: the paste box with a header line; a known player (any case) is linked, a stranger kept by nickname.
      const homeBoard = page.getByRole('region', { name: `Map 1, ${home.name} scoreboard` });
      await homeBoard.getByRole('button', { name: 'Paste from a spreadsheet' }).click();
      await homeBoard
        .getByLabel(`Paste ${home.name}'s rows (Map 1)`)
        .fill(`Player\tK\tD\tA\tHS\tADR\n${home.players[0]!.toUpperCase()}\t21\t14\t4\t11\t95.5\n${home.players[1]}\t17\t15\t6\t8\t80\nwalkOn\t9\t17\t3\t2\t55.1`);
      await homeBoard.getByRole('button', { name: 'Fill rows' }).click();
      await homeBoard.getByRole('status').filter({ hasText: '3 rows filled from the pasted text.' }).waitFor();
      // Map 1, away side: cells copied from a spreadsheet and pasted into the first player field, no header.
      await pasteInto(`Map 1, ${away.name} row 1 player`, `${away.players[0]}\t15\t16\t2\t7\t1650\r\n${away.players[1]}\t12\t17\t5\t4\t1400\r\n`);
      await expect.poll(() => field(`Map 1, ${away.name} row 2 kills`).inputValue()).toBe('12');

      await page.getByRole('button', { name: 'Save map details' }).click();
      const refused = page.getByRole('alert').filter({ hasText: 'Not saved: fix these first' });
      await refused.waitFor();
      expect(await refused.textContent()).toContain('The maps won (1-2) contradict the match score 2-1.');
      // Nothing is lost: the values stay as typed, and the match still has no details.
      expect(await field(`Map 3 rounds won by ${home.name}`).inputValue()).toBe('14');
      expect(await field(`Map 1, ${home.name} row 3 player`).inputValue()).toBe('walkOn');
      expect(await (await fetch(`${site.url}/v1/public/matches/${matchId}/maps`)).json()).toEqual({ maps: [], vetoes: [] });
      await saveScreenshot(page, 'match-maps-editor-refused');

      await field(`Map 3 rounds won by ${home.name}`).fill('16');
      await field(`Map 3 rounds won by ${away.name}`).fill('14');
      await page.getByRole('button', { name: 'Save map details' }).click();
      await page.getByRole('status').filter({ hasText: 'Map details saved.' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'match-maps-editor-saved');

      const saved = (await (await fetch(`${site.url}/v1/public/matches/${matchId}/maps`)).json()) as MatchMapsResponse;
      expect(saved.maps.map((map) => [map.number, map.map, map.score_team1, map.score_team2, map.winner_id, map.picked_by_id, map.source])).toEqual([
        [1, 'de_mirage', 13, 9, home.id, home.id, 'manual'],
        [2, 'de_inferno', 10, 13, away.id, away.id, 'manual'],
        [3, 'de_nuke', 16, 14, home.id, null, 'manual'],
      ]);
      expect(saved.maps[0]!.halves).toEqual({ team1: [8, 5], team2: [4, 5] });
      expect(saved.vetoes).toEqual([
        { step: 1, team_id: home.id, action: 'ban', map: 'de_ancient' },
        { step: 2, team_id: away.id, action: 'ban', map: 'de_anubis' },
        { step: 3, team_id: null, action: 'decider', map: 'de_nuke' },
      ]);
      const lines = saved.maps[0]!.players;
      expect(lines).toHaveLength(5);
      const star = lines.find((line) => line.nickname === home.players[0]);
      // ADR 95.5 over 22 rounds became 2101 damage; the read's ADR is that damage over the rounds again.
      expect(star).toMatchObject({ team_id: home.id, kills: 21, deaths: 14, assists: 4, headshots: 11, damage: 2101 });
      expect(star!.player?.name).toBe(home.players[0]);
      expect(lines.find((line) => line.nickname === 'walkOn')).toMatchObject({ player: null, team_id: home.id, kills: 9 });
      expect(lines.find((line) => line.nickname === away.players[1])).toMatchObject({ team_id: away.id, kills: 12, damage: 1400 });
      expect(lines.find((line) => line.nickname === away.players[1])!.player?.name).toBe(away.players[1]);
    },
    SLOW,
  );

  it(
    'shows the saved details when the match is opened again, and fits a phone',
    async () => {
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search matches' }).fill(home.name);
      await page.getByRole('button', { name: `Edit ${home.name} vs ${away.name}` }).first().click();
      await page.getByRole('region', { name: 'Map 3', exact: true }).waitFor();
      expect(await field('Map 2 map').inputValue()).toBe('Inferno');
      expect(await field(`Map 1, ${home.name} row 3 player`).inputValue()).toBe('walkOn');
      expect(await field('Veto step 3 map').inputValue()).toBe('Nuke');
      // The scoreboards scroll inside their own box; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'match-maps-editor-phone');
    },
    SLOW,
  );
});
