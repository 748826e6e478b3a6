import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LEAGUESPOT_CAPTAIN_ROLE_ID,
  LEAGUESPOT_COACH_ROLE_ID,
  leaguespotMatchToPreview,
  leaguespotSkillLevel,
  type LeaguespotMatch,
} from './leaguespot';

// Real match objects from a Playfly season's round listing (trimmed to the fields read).
const season = { id: '0103cc03-ccec-438f-a5b9-a88c4f7747d2', name: 'Spring 2025 - Counter-Strike 2 Open Premier' };
const finished: LeaguespotMatch = {
  id: 'f0813836-c473-4dcf-b7a4-0431fa1bb4a0',
  currentState: 3,
  startTimeUtc: '2025-02-01T02:00:00Z',
  roundName: 'Round 1',
  stageName: 'Regular Season',
  bestOf: 3,
  season,
  participants: [
    { id: '10ac35e7-d5d7-4947-b147-02a7a669490b', participantId: '2bb7672f-e18b-4a66-80a5-b1c147397216', teamId: 'c208372b-56a1-4811-be62-e8fe3f95a0be', name: 'VCU CS2', sortOrder: 1 },
    { id: '3d50905b-08ae-486e-96be-b4daabf94383', participantId: '08df50c1-7858-4362-8d11-e6b3bf4eae77', teamId: '82f299d2-b077-4b79-8457-72708b8980d4', name: 'USF CS2 GOLD', sortOrder: 2 },
  ],
};
const bye: LeaguespotMatch = {
  id: '78426372-b711-49c7-a821-0a1ae3cb3810',
  currentState: 3,
  startTimeUtc: '2025-01-25T00:00:00Z',
  roundName: 'Round 1',
  bestOf: 3,
  season,
  participants: [
    { id: '74a6b99b-a2ff-42e5-ad02-e585b5f6c1ea', participantId: 'ecfa164b-35ef-434a-b5bd-a8cb1bcc28d8', teamId: 'b7c07d8f-ad71-49a1-8865-2e73b51ddcfb', name: 'Texas Matthew McConaughey Fan Club', sortOrder: 2 },
  ],
};
const ready: LeaguespotMatch = {
  id: '9bd8bc07-84d2-47f9-98da-4d70a9d88685',
  currentState: 1,
  startTimeUtc: '2025-03-14T23:00:00Z',
  roundName: 'Round 7',
  bestOf: 3,
  season,
  participants: [
    { id: '4c5b1b00-ba4b-4cba-ba74-355faf84f0a9', participantId: '9f555ea1-9daf-4d6b-a9c9-1ba4d7e1dff5', teamId: '2a45cead-4706-4e7d-96e8-a3eba35f8cc1', name: 'Northwood CS2', sortOrder: 2 },
    { id: 'af61fc71-72a0-4816-a167-666d4f2b383f', participantId: 'ecfa164b-35ef-434a-b5bd-a8cb1bcc28d8', teamId: 'b7c07d8f-ad71-49a1-8865-2e73b51ddcfb', name: 'Texas Matthew McConaughey Fan Club', sortOrder: 1 },
  ],
};
const scored = (score1: number, score2: number, winner1?: boolean) => [
  { participantId: '2bb7672f-e18b-4a66-80a5-b1c147397216', teamId: 'c208372b-56a1-4811-be62-e8fe3f95a0be', name: 'VCU CS2', score: score1, isWinner: winner1 === undefined ? null : winner1 },
  { participantId: '08df50c1-7858-4362-8d11-e6b3bf4eae77', teamId: '82f299d2-b077-4b79-8457-72708b8980d4', name: 'USF CS2 GOLD', score: score2, isWinner: winner1 === undefined ? null : !winner1 },
];

describe('leaguespotMatchToPreview', () => {
  it('turns a finished match into a Faceit-shaped item with scores and the named winner', () => {
    const { item } = leaguespotMatchToPreview({ match: finished, participants: scored(0, 2, false) });
    expect(item).toMatchObject({
      match_id: finished.id,
      competition_id: season.id,
      competition_name: season.name,
      status: 'FINISHED',
      scheduled_at: Date.parse('2025-02-01T02:00:00Z') / 1000,
      finished_at: null,
      results: { winner: 'faction2', score: { faction1: 0, faction2: 2 } },
      teams: {
        faction1: { faction_id: 'c208372b-56a1-4811-be62-e8fe3f95a0be', name: 'VCU CS2' },
        faction2: { faction_id: '82f299d2-b077-4b79-8457-72708b8980d4', name: 'USF CS2 GOLD' },
      },
      best_of: 3,
      round_name: 'Round 1',
      faceit_url: `https://app.leaguespot.gg/matches/${finished.id}`,
    });
  });

  it('infers the winner from game wins when no participant is flagged', () => {
    const { item } = leaguespotMatchToPreview({ match: finished, participants: scored(2, 1) });
    expect(item?.results).toEqual({ winner: 'faction1', score: { faction1: 2, faction2: 1 } });
  });

  it('keeps a finished match without scores, with no winner', () => {
    const { item } = leaguespotMatchToPreview({ match: finished });
    expect(item?.results).toEqual({ winner: null, score: { faction1: null, faction2: null } });
  });

  it('orders factions by sortOrder and leaves results out before the match is over', () => {
    const { item } = leaguespotMatchToPreview({ match: ready });
    expect(item?.status).toBe('READY');
    expect(item?.teams.faction1.name).toBe('Texas Matthew McConaughey Fan Club');
    expect(item?.teams.faction2.name).toBe('Northwood CS2');
    expect(item && 'results' in item).toBe(false);
  });

  it('takes the state and start time from the match detail when given', () => {
    const { item } = leaguespotMatchToPreview({
      match: ready,
      detail: { currentState: 2, startTimeUtc: '2025-03-15T00:00:00Z' },
    });
    expect(item?.status).toBe('ONGOING');
    expect(item?.scheduled_at).toBe(Date.parse('2025-03-15T00:00:00Z') / 1000);
  });

  it('skips a bye (a single participant)', () => {
    expect(leaguespotMatchToPreview({ match: bye })).toEqual({
      skip: { kind: 'match', id: bye.id, label: 'Texas Matthew McConaughey Fan Club', reason: 'bye' },
    });
  });

  it('maps every state number through the state names', () => {
    const words = [0, 1, 2, 3, 4, 5, 9].map((currentState) => leaguespotMatchToPreview({ match: { ...ready, currentState } }).item?.status);
    expect(words).toEqual(['SCHEDULED', 'READY', 'ONGOING', 'FINISHED', 'ABORTED', 'CANCELLED', 'UNKNOWN']);
  });

  it('builds rosters from team members, leaving coaches out and marking the captain', () => {
    const participants = [
      {
        participantId: '2bb7672f-e18b-4a66-80a5-b1c147397216',
        score: 2,
        users: [
          { userId: 'u1', gamerHandle: 'ace', teamRoleId: LEAGUESPOT_CAPTAIN_ROLE_ID, gameHandle: { providerUserId: '76561198000000001' }, gameRanking: { numericValue: 11 } },
          { userId: 'u2', gamerHandle: 'coach', teamRoleId: LEAGUESPOT_COACH_ROLE_ID },
          { userId: 'u3', gamerHandle: 'rookie', gameRanking: { numericValue: 1 } },
        ],
      },
    ];
    const roster = leaguespotMatchToPreview({ match: finished, participants }).item?.teams.faction1.roster;
    expect(roster?.map((p) => [p.player_id, p.nickname, p.game_player_id, p.game_skill_level, p.is_captain])).toEqual([
      ['u1', 'ace', '76561198000000001', 10, true],
      ['u3', 'rookie', '', 0, false],
    ]);
  });
});

describe('leaguespotSkillLevel', () => {
  it('is the Faceit level inside 0..10 for any ranking value', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        const level = leaguespotSkillLevel(value);
        return Number.isInteger(level) && level >= 0 && level <= 10;
      }),
    );
    expect([1, 2, 6, 11, null].map(leaguespotSkillLevel)).toEqual([0, 1, 5, 10, 0]);
  });
});
