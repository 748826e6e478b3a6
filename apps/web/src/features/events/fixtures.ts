import type { BracketMatch, EventDetail, EventListItem } from '@campus-elo/api-contract';

// Events as the server answers them, for the component tests.

export const EVENT_ID = '44444444-4444-4444-8444-444444444444';
export const OWLS = { id: 'team-owls', name: 'Owls', picture: null };
export const FOXES = { id: 'team-foxes', name: 'Foxes', picture: '/media/foxes.png' };
export const BEARS = { id: 'team-bears', name: 'Bears', picture: null };
export const WOLVES = { id: 'team-wolves', name: 'Wolves', picture: null };

export function slot(id: number, overrides: Partial<BracketMatch> = {}): BracketMatch {
  return {
    id,
    match_id: null,
    team1: null,
    team2: null,
    score_team1: null,
    score_team2: null,
    winner_id: null,
    status: 'waiting',
    next_match_id: null,
    loser_next_match_id: null,
    is_bye: false,
    ...overrides,
  };
}

type Team = { id: string; name: string; picture: string | null };

const played = (id: number, team1: Team, team2: Team, score1: number, score2: number, next: number | null): BracketMatch =>
  slot(id, {
    match_id: `match-${id}`,
    team1,
    team2,
    score_team1: score1,
    score_team2: score2,
    winner_id: score1 > score2 ? team1.id : team2.id,
    status: 'completed',
    next_match_id: next,
  });

/** An event with none of the optional details filled in. */
export const NO_DETAILS: EventDetail['details'] = {
  prize_pool: null,
  prize_currency: 'USD',
  entry_fee: null,
  max_teams: null,
  registration_open: false,
  registration_deadline: null,
  featured: false,
  division: null,
};

/** The earlier site's names for an event without details. */
export function customDetails(id: string): EventDetail['custom_details'] {
  return {
    id,
    bracket_link: `/events/${id}`,
    stream_link: null,
    secondary_stream_link: null,
    discord_link: null,
    registration_link: null,
    rules_document: null,
    prize_pool: null,
    prize_currency: 'USD',
    max_teams: null,
    entry_fee: null,
    format: 'single_elimination',
    game_mode: null,
    division: null,
    is_featured: false,
    is_public: true,
    registration_open: false,
    registration_deadline: null,
    twitter_hashtag: null,
    metadata: {},
  };
}

/** A finished four-team single elimination: Owls beat Bears, Foxes beat Wolves, Owls win the final. */
export const finishedPlayoff: EventDetail = {
  id: EVENT_ID,
  name: 'Fall Playoffs',
  start_date: '2026-03-03',
  end_date: '2026-03-05',
  season: { id: 'season-fall', name: 'Fall 2026' },
  picture: null,
  format: 'single_elimination',
  status: 'past',
  winner: OWLS,
  description: 'The top four by Elo.',
  links: { stream: 'https://twitch.tv/league', stream2: null, discord: 'https://discord.gg/league', registration: null, rules: null },
  details: NO_DETAILS,
  custom_details: customDetails(EVENT_ID),
  grand_final_reset: false,
  swiss_rounds: null,
  seeding: { method: 'elo', seed: null },
  teams: [
    { ...OWLS, seed: 1 },
    { ...FOXES, seed: 2 },
    { ...WOLVES, seed: 3 },
    { ...BEARS, seed: 4 },
  ],
  stages: [
    {
      type: 'single_elimination',
      rounds: [
        { number: 1, name: 'Semifinals', matches: [played(1, OWLS, BEARS, 13, 4, 3), played(2, FOXES, WOLVES, 13, 11, 3)] },
        { number: 2, name: 'Final', matches: [played(3, OWLS, FOXES, 13, 9, null)] },
      ],
    },
  ],
  standings: null,
};

/** A running double elimination: a bye in the upper bracket, a live match, the grand final waiting. */
export const runningInvitational: EventDetail = {
  ...finishedPlayoff,
  name: 'Campus Invitational',
  format: 'double_elimination',
  status: 'ongoing',
  winner: null,
  grand_final_reset: true,
  teams: finishedPlayoff.teams.slice(0, 3),
  stages: [
    {
      type: 'upper_bracket',
      rounds: [
        {
          number: 1,
          name: 'Upper round 1',
          matches: [slot(1, { team1: OWLS, status: 'completed', winner_id: OWLS.id, is_bye: true, next_match_id: 3 }), { ...played(2, FOXES, WOLVES, 13, 7, 3), loser_next_match_id: 4 }],
        },
        { number: 2, name: 'Upper final', matches: [slot(3, { team1: OWLS, team2: FOXES, status: 'live', score_team1: 5, score_team2: 3, match_id: 'match-3', next_match_id: 6, loser_next_match_id: 4 })] },
      ],
    },
    { type: 'lower_bracket', rounds: [{ number: 1, name: 'Lower final', matches: [slot(4, { team1: WOLVES, next_match_id: 6 })] }] },
    { type: 'grand_final', rounds: [{ number: 1, name: 'Grand final', matches: [slot(6)] }] },
  ],
};

export const roundRobin: EventDetail = {
  ...finishedPlayoff,
  name: 'Spring Round Robin',
  format: 'round_robin',
  status: 'ongoing',
  winner: null,
  stages: [{ type: 'round_robin', rounds: [{ number: 1, name: 'Round 1', matches: [played(1, OWLS, BEARS, 13, 4, null), played(2, FOXES, WOLVES, 13, 11, null)] }] }],
  standings: {
    tie_break: 'round_difference',
    rows: [
      { rank: 1, team: OWLS, played: 1, wins: 1, losses: 0, round_difference: 9 },
      { rank: 2, team: FOXES, played: 1, wins: 1, losses: 0, round_difference: 2 },
      { rank: 3, team: WOLVES, played: 1, wins: 0, losses: 1, round_difference: -2 },
      { rank: 4, team: BEARS, played: 1, wins: 0, losses: 1, round_difference: -9 },
    ],
  },
};

export function listItem(overrides: Partial<EventListItem> = {}): EventListItem {
  return {
    id: EVENT_ID,
    name: 'Fall Playoffs',
    start_date: '2026-03-03',
    end_date: '2026-03-05',
    season: { id: 'season-fall', name: 'Fall 2026' },
    picture: null,
    format: 'single_elimination',
    status: 'past',
    team_count: 8,
    winner: OWLS,
    description: '',
    details: NO_DETAILS,
    custom_details: customDetails(EVENT_ID),
    ...overrides,
  };
}
