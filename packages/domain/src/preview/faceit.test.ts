import { describe, expect, it } from 'vitest';
import { faceitMatchToPreview, type FaceitMatch } from './faceit';

// The shape of a Faceit Data API v4 championship match (fields we do not read left out).
const finished: FaceitMatch = {
  match_id: '1-6b8e2b5e-0000-4000-8000-000000000001',
  competition_id: 'c0ffee00-0000-4000-8000-000000000001',
  competition_name: 'NECC Fall 2025 CS2',
  region: 'US',
  status: 'FINISHED',
  scheduled_at: 1_757_030_400,
  started_at: 1_757_031_000,
  finished_at: 1_757_035_000,
  best_of: 1,
  faceit_url: 'https://www.faceit.com/{lang}/cs2/room/1-6b8e2b5e-0000-4000-8000-000000000001',
  results: { winner: 'faction1', score: { faction1: 1, faction2: 0 } },
  voting: { map: { pick: ['de_mirage'] } },
  teams: {
    faction1: {
      faction_id: 'team-a',
      name: 'Alpha U',
      avatar: 'https://assets.example/alpha.png',
      leader: 'p1',
      roster: [
        { player_id: 'p1', nickname: 'lead', avatar: '', membership: 'free', game_player_id: '76561198000000001', game_player_name: 'lead', game_skill_level: 8 },
        { player_id: 'p2', nickname: 'second', game_player_id: '76561198000000002', game_skill_level: 5 },
      ],
    },
    faction2: { faction_id: 'team-b', name: 'Beta State', roster: [] },
  },
};

describe('faceitMatchToPreview', () => {
  it('keeps the Faceit shape, times, url and maps', () => {
    const { item } = faceitMatchToPreview(finished);
    expect(item).toMatchObject({
      match_id: finished.match_id,
      competition_id: finished.competition_id,
      competition_name: 'NECC Fall 2025 CS2',
      region: 'US',
      status: 'FINISHED',
      scheduled_at: 1_757_030_400,
      started_at: 1_757_031_000,
      finished_at: 1_757_035_000,
      results: { winner: 'faction1', score: { faction1: 1, faction2: 0 } },
      maps: ['de_mirage'],
      faceit_url: finished.faceit_url,
      best_of: 1,
    });
    expect(item?.teams.faction2).toEqual({ faction_id: 'team-b', name: 'Beta State', avatar: '', roster: [] });
  });

  it('marks the captain and fills roster defaults', () => {
    const roster = faceitMatchToPreview(finished).item?.teams.faction1.roster;
    expect(roster?.[0]).toMatchObject({ player_id: 'p1', is_captain: true, game_skill_level: 8, faceit_url: 'https://www.faceit.com/{lang}/players/lead' });
    expect(roster?.[1]).toMatchObject({ player_id: 'p2', is_captain: false, avatar: '', membership: '', game_player_name: 'second' });
  });

  it('leaves results out when Faceit has none', () => {
    const { results: _results, ...upcoming } = finished;
    const { item } = faceitMatchToPreview({ ...upcoming, status: 'SCHEDULED' });
    expect(item && 'results' in item).toBe(false);
  });

  it('infers a missing winner of a finished match from the score', () => {
    const { item } = faceitMatchToPreview({ ...finished, results: { score: { faction1: 0, faction2: 2 } } });
    expect(item?.results?.winner).toBe('faction2');
  });

  it('skips byes: a missing faction or one named bye', () => {
    const { faction2: _f2, ...oneTeam } = finished.teams ?? {};
    expect(faceitMatchToPreview({ ...finished, teams: oneTeam }).skip?.reason).toBe('bye');
    const byeTeams = { ...finished.teams, faction2: { name: 'BYE' } };
    expect(faceitMatchToPreview({ ...finished, teams: byeTeams }).skip).toEqual({
      kind: 'match',
      id: finished.match_id,
      label: 'Alpha U vs BYE',
      reason: 'bye',
    });
  });
});
