import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LEAGUESPOT_CAPTAIN_ROLE_ID, LEAGUESPOT_COACH_ROLE_ID, type LeaguespotMatch, type LeaguespotMatchParticipant } from '@campus-elo/domain';
import { stablePick, stableSteamId, stableUuid, startFakeServer, type FakeServer } from './fake-http-server';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * 140 real match objects as the Leaguespot API lists a Playfly season's rounds (CS2, spring
 * 2025): states 0, 1 and 3, 21 byes. The season, stage, rounds, match details and the scored
 * participants are built around them.
 */
export function leaguespotFixtureMatches(): LeaguespotMatch[] {
  return JSON.parse(readFileSync(resolve(here, 'fixtures/leaguespot-round-matches.json'), 'utf8')) as LeaguespotMatch[];
}

export interface FakeLeaguespotRound {
  id: string;
  name: string;
  sortOrder: number;
  matchIds: string[];
}

export interface FakeLeaguespot extends FakeServer {
  seasonId: string;
  seasonName: string;
  stageId: string;
  rounds: FakeLeaguespotRound[];
  /** Matches by id, as rounds list them and matches/{id} answers. */
  matches: Map<string, LeaguespotMatch>;
  /** What the season and stage leave out; change it to make the next calls answer so. */
  behaviour: { withoutStage: boolean; withoutRounds: boolean };
  /** Moves a match to another state; a finished one gets these game wins (team in faction order). */
  setMatchState(matchId: string, state: number, score?: [number, number]): void;
}

export interface FakeLeaguespotOptions {
  /** Default: the real fixture. */
  matches?: LeaguespotMatch[];
  /** The season answers without a current stage. */
  withoutStage?: boolean;
  /** The stage answers without rounds. */
  withoutRounds?: boolean;
  port?: number;
}

/** Five players and a coach per team, with stable ids and Steam ids. */
function teamMembers(teamId: string, teamName: string) {
  const short = teamName.replace(/\W+/g, '').slice(0, 8);
  const players = Array.from({ length: 5 }, (_, i) => ({
    id: stableUuid(`ls-member:${teamId}:${i}`),
    userId: stableUuid(`ls-user:${teamId}:${i}`),
    gamerHandle: `${short}${i + 1}`,
    avatarUrl: null,
    teamRoleId: i === 0 ? LEAGUESPOT_CAPTAIN_ROLE_ID : stableUuid('ls-role:player'),
    gameHandle: { providerUserId: stableSteamId(`ls-steam:${teamId}:${i}`), handle: `${short}${i + 1}` },
    gameRanking: { numericValue: 2 + stablePick(`ls-rank:${teamId}:${i}`, 10) },
  }));
  const coach = { id: stableUuid(`ls-coach:${teamId}`), userId: stableUuid(`ls-coach-user:${teamId}`), gamerHandle: `${short}Coach`, teamRoleId: LEAGUESPOT_COACH_ROLE_ID };
  return [...players, coach];
}

/** Game wins for a finished best-of: the winner takes the majority, stable per match. */
function finishedScore(match: LeaguespotMatch): [number, number] {
  const needed = Math.ceil((match.bestOf ?? 1) / 2);
  const loser = stablePick(`ls-loser-games:${match.id}`, needed);
  return stablePick(`ls-winner:${match.id}`, 2) === 0 ? [needed, loser] : [loser, needed];
}

/**
 * A local Leaguespot API v1: seasons/{id}, stages/{id}, rounds/{id}/matches, matches/{id},
 * matches/{id}/participants. Rounds are the fixture's round names in order.
 */
export async function startFakeLeaguespot(options: FakeLeaguespotOptions = {}): Promise<FakeLeaguespot> {
  const fixture = options.matches ?? leaguespotFixtureMatches();
  const first = fixture[0];
  const seasonId = first?.season?.id ?? stableUuid('ls-season');
  const seasonName = first?.season?.name ?? 'Fake Leaguespot Season';
  const stageId = stableUuid(`ls-stage:${seasonId}`);
  const behaviour = { withoutStage: options.withoutStage ?? false, withoutRounds: options.withoutRounds ?? false };

  const matches = new Map(fixture.map((m) => [m.id, structuredClone(m)]));
  const scores = new Map<string, [number, number]>();
  for (const m of fixture) if (m.currentState === 3) scores.set(m.id, finishedScore(m));

  const roundNames = [...new Set(fixture.map((m) => m.roundName ?? 'Round'))].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const rounds: FakeLeaguespotRound[] = roundNames.map((name, index) => ({
    id: stableUuid(`ls-round:${seasonId}:${name}`),
    name,
    sortOrder: index + 1,
    matchIds: fixture.filter((m) => (m.roundName ?? 'Round') === name).map((m) => m.id),
  }));

  const participantsOf = (match: LeaguespotMatch): LeaguespotMatchParticipant[] => {
    const ordered = [...(match.participants ?? [])].sort((a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0));
    const score = scores.get(match.id);
    return ordered.map((p, index) => {
      const own = score ? (score[index] ?? 0) : 0;
      const other = score ? (score[1 - index] ?? 0) : 0;
      return {
        ...p,
        score: own,
        isWinner: match.currentState === 3 && score !== undefined && own > other,
        logoUrl: null,
        users: teamMembers(p.teamId ?? p.id ?? '', p.name ?? ''),
      };
    });
  };
  const notFound = { status: 404, body: { message: 'Not found' } };

  const server = await startFakeServer((req) => {
    const id = (pattern: RegExp) => {
      const found = pattern.exec(req.path);
      return found ? decodeURIComponent(found[1] as string) : undefined;
    };
    const season = id(/^\/seasons\/([^/]+)$/);
    if (season !== undefined) {
      if (season !== seasonId) return notFound;
      return { status: 200, body: { id: seasonId, name: seasonName, state: 1, currentStageId: behaviour.withoutStage ? null : stageId } };
    }
    const stage = id(/^\/stages\/([^/]+)$/);
    if (stage !== undefined) {
      if (stage !== stageId) return notFound;
      const listed = behaviour.withoutRounds ? [] : rounds.map(({ matchIds: _ids, ...round }) => ({ ...round, currentState: 2, bestOf: 3 }));
      return { status: 200, body: { id: stageId, name: first?.stageName ?? 'Regular Season', seasonId, rounds: listed } };
    }
    const round = id(/^\/rounds\/([^/]+)\/matches$/);
    if (round !== undefined) {
      const found = rounds.find((r) => r.id === round);
      return found ? { status: 200, body: found.matchIds.map((matchId) => matches.get(matchId)) } : notFound;
    }
    const participants = id(/^\/matches\/([^/]+)\/participants$/);
    if (participants !== undefined) {
      const match = matches.get(participants);
      return match ? { status: 200, body: participantsOf(match) } : notFound;
    }
    const match = id(/^\/matches\/([^/]+)$/);
    if (match !== undefined) {
      const found = matches.get(match);
      return found ? { status: 200, body: found } : notFound;
    }
    return notFound;
  }, options.port);

  return {
    ...server,
    seasonId,
    seasonName,
    stageId,
    rounds,
    matches,
    behaviour,
    setMatchState(matchId, state, score) {
      const match = matches.get(matchId);
      if (!match) throw new Error(`The fake has no match ${matchId}`);
      match.currentState = state;
      if (state === 3) scores.set(matchId, score ?? finishedScore(match));
      else scores.delete(matchId);
    },
  };
}
