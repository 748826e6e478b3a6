import { semesterName, upcomingWindows } from '@campus-elo/domain';
import { describe, expect, it } from 'vitest';
import { mondaysBetween, recentSemesters } from './calendar';
import { DEMO_SEED, DEMO_SIZE } from './demo';
import { buildLeague } from './league';
import { matchDetailsBreaks } from './match-details-checks';
import type { MatchDetailsRows } from './match-details';
import { createRandom } from './random';

// Ordinary days, the first and last moments of a semester, and a day that is nearly over.
const TODAYS = [
  '2026-11-22T15:30:00Z',
  '2026-01-01T00:00:00Z',
  '2026-06-30T23:59:30Z',
  '2025-07-01T12:00:00Z',
  '2027-03-08T06:05:00Z',
];

describe.each(TODAYS)('the demo league for %s', (iso) => {
  const today = new Date(iso);
  const now = today.getTime();
  const league = buildLeague({ seed: DEMO_SEED, today, size: DEMO_SIZE });
  const current = league.seasons[league.seasons.length - 1];
  const dateOf = (m: { date?: unknown; at?: unknown }) => Date.parse(String(m.date ?? m.at));

  it('names the current season after today', () => {
    expect(current?.name).toBe(semesterName(today));
    expect(league.seasons).toHaveLength(4);
  });

  it('always has live matches and matches later today, this week and this month', () => {
    const windows = upcomingWindows(today);
    const scheduled = league.matches.filter((m) => m.status === 'scheduled').map(dateOf);
    const live = league.matches.filter((m) => m.status === 'in_progress');
    expect(live.length).toBeGreaterThanOrEqual(3);
    expect(live.length).toBeLessThanOrEqual(5);
    for (const match of live) expect(dateOf(match)).toBeLessThanOrEqual(now);
    const laterToday = scheduled.filter((d) => d > now && d <= windows.today.to.getTime()).length;
    const tomorrowEvening = scheduled.filter((d) => d > windows.today.to.getTime() && d <= now + 86_400_000).length;
    // With less than a few minutes left of the day, tomorrow's first matches stand in.
    expect(windows.today.to.getTime() - now < 5 * 60_000 ? tomorrowEvening : laterToday).toBeGreaterThanOrEqual(2);
    expect(scheduled.filter((d) => d > windows.today.to.getTime() && d <= windows.week.to.getTime()).length).toBeGreaterThanOrEqual(4);
    expect(scheduled.filter((d) => d > windows.week.to.getTime() && d <= windows.month.to.getTime()).length).toBeGreaterThanOrEqual(4);
  });

  it('plays out only matches in the past', () => {
    for (const match of league.matches) {
      if (match.status === 'completed') expect(dateOf(match)).toBeLessThan(now);
      if (match.status === 'scheduled') expect(dateOf(match)).toBeGreaterThan(now);
    }
    const cancelled = league.matches.filter((m) => m.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThanOrEqual(3);
    expect(cancelled.length).toBeLessThanOrEqual(4);
  });

  it('takes ranking snapshots on the Mondays of the last two seasons, up to today', () => {
    const seasons = league.seasons.slice(-2);
    const expected = seasons.flatMap((s) =>
      mondaysBetween(Date.parse(`${s.start_date}T00:00:00Z`), Math.min(Date.parse(`${s.end_date}T00:00:00Z`) + 86_400_000, now)),
    );
    expect(league.rankings.map(dateOf)).toEqual(expected);
    expect(new Set(league.rankings.map((r) => new Date(dateOf(r)).getUTCDay()))).toEqual(new Set([1]));
  });

  it('has results every week of a season, up to yesterday', () => {
    const played = league.matches.filter((m) => m.status === 'completed').map((m) => ({ at: dateOf(m), season: m.season_id }));
    const yesterday = Math.floor(now / 86_400_000) * 86_400_000 - 86_400_000;
    expect(Math.max(...played.map((p) => p.at))).toBeGreaterThanOrEqual(yesterday);
    for (const season of league.seasons) {
      const times = played.filter((p) => p.season === season.id).map((p) => p.at).sort((a, b) => a - b);
      const longestGap = Math.max(0, ...times.slice(1).map((t, i) => t - (times[i] as number)));
      expect(longestGap, season.name).toBeLessThanOrEqual(10 * 86_400_000);
    }
  });

  it("keeps each player's Elo history in time order, ending at the Elo they have today", () => {
    const byPlayer = new Map<string, { at: number; elo: number }[]>();
    for (const row of league.playerEloHistory) {
      const points = byPlayer.get(row.player_id) ?? [];
      points.push({ at: dateOf(row), elo: row.elo });
      byPlayer.set(row.player_id, points);
    }
    // Everyone but the players whose first season starts about today.
    expect(byPlayer.size).toBeGreaterThan(league.players.length * 0.75);
    for (const player of league.players) {
      const points = byPlayer.get(player.id as string);
      if (!points) continue;
      expect(points.length).toBeGreaterThanOrEqual(2);
      expect(points.map((p) => p.at)).toEqual(points.map((p) => p.at).sort((a, b) => a - b));
      expect(points.at(-1)?.elo).toBe(player.elo);
      expect(points.at(-1)?.at).toBeLessThan(now);
    }
  });

  it('gives every played match maps agreeing with its score, a veto naming its picks and ten plausible lines a map', () => {
    const batches = [...league.matchDetails];
    const group = <Row extends { match_id: string }>(rows: Row[]) => {
      const byMatch = new Map<string, Row[]>();
      for (const row of rows) byMatch.set(row.match_id, [...(byMatch.get(row.match_id) ?? []), row]);
      return byMatch;
    };
    const maps = group(batches.flatMap((b) => b.maps));
    const vetoes = group(batches.flatMap((b) => b.vetoes));
    const lines = group(batches.flatMap((b) => b.lines));
    const breaks = league.matches.flatMap((match) =>
      matchDetailsBreaks(match, maps.get(match.id as string) ?? [], vetoes.get(match.id as string) ?? [], lines.get(match.id as string) ?? []),
    );
    expect(breaks).toEqual([]);
    expect(maps.size).toBe(league.matches.filter((m) => m.status === 'completed').length);
    // Lines name rostered players of the side's team, but for a stand-in now and then.
    const teamOf = new Map(league.players.map((p) => [p.id, p.team_id]));
    const all = [...lines.values()].flat();
    for (const line of all.filter((l) => l.player_id)) expect(teamOf.get(line.player_id as string)).toBe(line.team_id);
    const unlinked = all.filter((l) => l.player_id === null).length / all.length;
    expect(unlinked).toBeGreaterThan(0);
    expect(unlinked).toBeLessThan(0.03);
  });

  it('builds the same details every time they are taken', () => {
    const again = buildLeague({ seed: DEMO_SEED, today, size: DEMO_SIZE });
    const rows = (batches: Iterable<MatchDetailsRows>) => [...batches];
    expect(rows(again.matchDetails)).toEqual(rows(league.matchDetails));
    expect(rows(league.matchDetails)).toEqual(rows(league.matchDetails));
  });

  it('keeps teams and players from day to day', () => {
    const tomorrow = buildLeague({ seed: DEMO_SEED, today: new Date(now + 86_400_000), size: DEMO_SIZE });
    expect(tomorrow.teams.map((t) => [t.id, t.name])).toEqual(league.teams.map((t) => [t.id, t.name]));
    expect(tomorrow.players.map((p) => p.id)).toEqual(league.players.map((p) => p.id));
  });
});

describe('calendar and random helpers', () => {
  it('lists the semester of today and the three before it', () => {
    expect(recentSemesters(new Date('2026-11-22T12:00:00Z'), 3).map((s) => s.name)).toEqual([
      'Spring 2025',
      'Fall 2025',
      'Spring 2026',
      'Fall 2026',
    ]);
  });

  it('finds Mondays from the first one on or after the start', () => {
    const monday = Date.parse('2026-11-16T00:00:00Z');
    expect(mondaysBetween(monday, monday + 1)).toEqual([monday]);
    expect(mondaysBetween(monday + 1, monday + 8 * 86_400_000)).toEqual([monday + 7 * 86_400_000]);
  });

  it('draws the same uuids from the same seed, shaped as version 4', () => {
    const a = createRandom('seed');
    const b = createRandom('seed');
    const ids = Array.from({ length: 5 }, () => a.uuid());
    expect(ids).toEqual(Array.from({ length: 5 }, () => b.uuid()));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
