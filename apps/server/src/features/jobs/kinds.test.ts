import { describe, expect, it } from 'vitest';
import { JOB_KINDS } from './kinds';

describe("a job's failed items", () => {
  it("are taken from the tool's own list of failures, each named and with its reason", () => {
    const matches = { message: '', updated_count: 1, error_count: 1, total_processed: 2, failures: [{ match_id: 'm9', platform: 'faceit', external_id: '1-abc', reason: 'Faceit answered 404' }] };
    expect(JOB_KINDS.update_matches.failedItems?.(matches as never)).toEqual([{ item: 'Match 1-abc (faceit)', reason: 'Faceit answered 404' }]);
    const players = { message: '', updated_players: 0, not_found: 0, failed: 1, failures: [{ player_id: 'p1', player_name: 'Ace', reason: 'Faceit timed out' }] };
    expect(JOB_KINDS.update_player_elo.failedItems?.(players as never)).toEqual([{ item: 'Ace', reason: 'Faceit timed out' }]);
    expect(JOB_KINDS.calculate_team_elo.failedItems).toBeUndefined();
    const sync = {
      ran: true,
      platforms: [
        { platform: 'faceit', updated: 1, checked: 4, errors: 3, rate_limited: true },
        { platform: 'leaguespot', skipped: 'no_api_key' },
      ],
      not_before: null,
    };
    expect(JOB_KINDS.sync.failedItems?.(sync as never)).toEqual([{ item: 'faceit', reason: '3 of 4 matches could not be fetched (rate limited)' }]);
    expect(JOB_KINDS.sync.errorCount?.(sync as never)).toBe(3);
    expect(JOB_KINDS.sync.failedItems?.({ ran: false, reason: 'running_elsewhere' } as never)).toEqual([]);
  });
});
