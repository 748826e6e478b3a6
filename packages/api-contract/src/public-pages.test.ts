import { describe, expect, it } from 'vitest';
import { backupFile } from './clear-database';
import { headToHeadInput, searchInput, teamEloHistoryInput } from './public-pages';

const team = '00000000-0000-4000-8000-000000000001';

describe('page and search inputs, as the query string sends them', () => {
  it('search: q defaults to empty, limit to 8, more than 50 answered as 50', () => {
    expect(searchInput.parse({})).toEqual({ q: '', limit: 8 });
    expect(searchInput.parse({ q: 'élan', limit: '500' })).toEqual({ q: 'élan', limit: 50 });
    expect(searchInput.parse({ q: 'x', limit: '3' }).limit).toBe(3);
  });

  it('search: refuses a limit below 1, a query over 200 characters and a NUL character', () => {
    for (const input of [{ limit: '0' }, { limit: 'ten' }, { q: 'x'.repeat(201) }, { q: 'a\u0000b' }]) {
      expect(searchInput.safeParse(input).success, JSON.stringify(input)).toBe(false);
    }
  });

  it('elo history and head-to-head take uuids only', () => {
    expect(teamEloHistoryInput.parse({ id: team })).toEqual({ id: team });
    expect(teamEloHistoryInput.safeParse({ id: team, season_id: 'fall' }).success).toBe(false);
    expect(headToHeadInput.safeParse({ team1: team }).success).toBe(false);
  });
});

describe('backup files', () => {
  it('read a backup from before the Elo ledger with its new tables empty', () => {
    const tables = { teams: [], players: [], player_seasons: [], participants: [], matches: [], rankings: [], ranking_items: [] };
    const parsed = backupFile.parse({ format: 'campus-elo-backup', version: 1, created_at: '2026-11-01T00:00:00Z', tables });
    expect(parsed.tables.elo_adjustments).toEqual([]);
    expect(parsed.tables.player_elo_history).toEqual([]);
  });
});
