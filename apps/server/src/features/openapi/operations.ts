import * as contract from '@campus-elo/api-contract';
import { z } from 'zod';

/** Who may call an operation: anyone, any staff member (admin or owner), or owners only. */
export type Access = 'public' | 'staff' | 'owner';

/**
 * One /v1 operation of the OpenAPI document. Schemas are functions so the document is built
 * from api-contract when first asked for, not when the server starts. To describe a new
 * path, add an entry here (Fastify path syntax, `:id` for parameters).
 */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  query?: () => z.ZodObject;
  /** Describes each query parameter; the schema gives the type. */
  queryDescriptions?: Record<string, string>;
  body?: () => z.ZodType;
  response?: () => z.ZodType;
  /** The success status when it is not 200. */
  successStatus?: number;
  /** Statuses beside the ones every operation of its kind has (400, and 401/403 for staff). */
  errors?: Record<number, string>;
}

const paging = {
  order: "'asc' or 'desc'; the default depends on sort (highest Elo and newest first, names A-Z).",
  page: 'Page number, from 1. A page past the end answers an empty results list with the right count.',
  page_size: 'Items per page; above 100 is capped at 100.',
};
const upstream = { 422: 'The platform answered without what is needed', 502: 'The platform is unreachable or failing' };
const notFound = (what: string) => ({ 404: `${what} not found` });

const publicOperations: ApiOperation[] = [
  {
    method: 'GET',
    path: '/v1/public/teams',
    summary: 'Team rankings',
    tag: 'Public',
    access: 'public',
    query: () => contract.teamListInput,
    queryDescriptions: {
      ...paging,
      sort: 'elo (default), name or school_name; ties fall back to name, then id.',
      season_id: 'Only teams that took part in this season (participants of its competitions).',
      name: 'Part of the team name, ignoring case.',
      school_name: 'Part of the school name, ignoring case.',
      id: 'One team.',
    },
    response: () => contract.teamListOutput,
  },
  {
    method: 'GET',
    path: '/v1/public/players',
    summary: 'Player rankings and team rosters',
    tag: 'Public',
    access: 'public',
    query: () => contract.playerListInput,
    queryDescriptions: {
      ...paging,
      sort: 'elo (default), name or skill_level; ties fall back to name, then id.',
      season_id: 'Only players who played in this season.',
      team_id: "Only this team's players.",
      visible: 'true or false; absent means visible players only.',
      benched: 'true or false; absent means both.',
      name: 'Part of the player name, ignoring case.',
    },
    response: () => contract.playerListOutput,
  },
  {
    method: 'GET',
    path: '/v1/public/matches',
    summary: 'Live, upcoming and past matches',
    tag: 'Public',
    access: 'public',
    query: () => contract.matchListInput,
    queryDescriptions: {
      ...paging,
      status: 'Comma-joined statuses. Absent: every status except cancelled.',
      date_from: 'A date (YYYY-MM-DD, from the start of that day in UTC) or an exact ISO date-time.',
      date_to: 'A date (YYYY-MM-DD, up to the end of that day in UTC) or an exact ISO date-time.',
      season_id: "Only this season's matches.",
      competition_name: 'Part of the competition name, ignoring case.',
      team_id: 'Matches this team played on either side.',
      sort: 'date; undated matches come last.',
      order: 'desc (default, newest first) or asc.',
    },
    response: () => contract.matchListOutput,
  },
  {
    method: 'GET',
    path: '/v1/public/seasons',
    summary: 'Seasons',
    tag: 'Public',
    access: 'public',
    query: () => contract.seasonListInput,
    queryDescriptions: { ...paging, sort: 'start_date (default, newest first), name or end_date.' },
    response: () => contract.seasonListOutput,
  },
  {
    method: 'GET',
    path: '/v1/public/rankings',
    summary: 'Weekly ranking snapshots',
    tag: 'Public',
    access: 'public',
    query: () => contract.rankingListInput,
    queryDescriptions: {
      ...paging,
      season_id: "Only this season's snapshots; absent means every season.",
      sort: 'date',
      order: 'desc (default, newest first) or asc.',
    },
    response: () => contract.rankingListOutput,
  },
  {
    method: 'GET',
    path: '/v1/public/ranking-items',
    summary: "One snapshot's ranked teams",
    tag: 'Public',
    access: 'public',
    query: () => contract.rankingItemsInput,
    queryDescriptions: { ...paging, ranking_id: 'The snapshot.', sort: 'rank', order: 'asc (default) or desc.' },
    response: () => contract.rankingItemsOutput,
    errors: { 404: "No snapshot has this ranking_id: {\"error\": \"Ranking not found\"}" },
  },
  {
    method: 'GET',
    path: '/v1/public/current-season',
    summary: 'The season behind the home page',
    description: 'CURRENT_SEASON_ID when it names a season, else the season containing today (the latest start if several do), else the latest; null when there are no seasons.',
    tag: 'Public',
    access: 'public',
    response: () => contract.currentSeasonOutput,
  },
  {
    method: 'GET',
    path: '/v1/openapi.json',
    summary: 'This document',
    tag: 'Public',
    access: 'public',
  },
];

const authOperations: ApiOperation[] = [
  {
    method: 'POST',
    path: '/v1/auth/token',
    summary: 'Sign in a script',
    description: 'Answers a token to send as `Authorization: Bearer <token>`; sets no cookie.',
    tag: 'Auth',
    access: 'public',
    body: () => contract.signInInput,
    response: () => contract.tokenOutput,
    errors: { 401: 'Wrong email or password', 429: 'Too many failed sign-ins; see Retry-After' },
  },
];

// The staff paths of spec/admin-side.md section 7 and ARCHITECTURE.md (with their trailing slashes).
const adminOperations: ApiOperation[] = [
  { method: 'GET', path: '/v1/seasons/', summary: 'Seasons (admin list)', tag: 'Seasons', access: 'staff', query: () => contract.seasonListInput, response: () => contract.seasonListOutput },
  {
    method: 'POST',
    path: '/v1/seasons/create/',
    summary: 'Create a season',
    tag: 'Seasons',
    access: 'staff',
    body: () => contract.seasonCreateInput,
    response: () => contract.season,
    successStatus: 201,
  },
  { method: 'GET', path: '/v1/teams/', summary: 'Database viewer: teams', tag: 'Database viewer', access: 'staff', query: () => contract.viewerListInput, response: () => contract.viewerTeamsOutput },
  { method: 'GET', path: '/v1/players/', summary: 'Database viewer: players', tag: 'Database viewer', access: 'staff', query: () => contract.viewerListInput, response: () => contract.viewerPlayersOutput },
  { method: 'GET', path: '/v1/matches/', summary: 'Database viewer: matches', tag: 'Database viewer', access: 'staff', query: () => contract.viewerListInput, response: () => contract.viewerMatchesOutput },
  {
    method: 'GET',
    path: '/v1/participants/',
    summary: 'Database viewer: participants',
    tag: 'Database viewer',
    access: 'staff',
    query: () => contract.viewerListInput,
    response: () => contract.viewerParticipantsOutput,
  },
  { method: 'GET', path: '/v1/teams/:id/', summary: 'A team, for editing', tag: 'Teams and players', access: 'staff', response: () => contract.adminTeam, errors: notFound('Team') },
  {
    method: 'PUT',
    path: '/v1/teams/:id/',
    summary: 'Replace a team',
    description: 'An optional field left out becomes empty. picture: the current URL, or a new picture as a data: URL.',
    tag: 'Teams and players',
    access: 'staff',
    body: () => contract.teamEditFields,
    response: () => contract.adminTeam,
    errors: notFound('Team'),
  },
  { method: 'GET', path: '/v1/players/:id/', summary: 'A player, for editing', tag: 'Teams and players', access: 'staff', response: () => contract.adminPlayer, errors: notFound('Player') },
  {
    method: 'PUT',
    path: '/v1/players/:id/',
    summary: 'Replace a player',
    description: "An optional field left out becomes empty; 'no team' is team_id null.",
    tag: 'Teams and players',
    access: 'staff',
    body: () => contract.playerEditFields,
    response: () => contract.adminPlayer,
    errors: notFound('Player'),
  },
  {
    method: 'POST',
    path: '/v1/import-matches/preview/',
    summary: 'Preview a Faceit or Leaguespot import',
    description: 'The server pages Faceit and walks Leaguespot itself; API keys never reach the browser.',
    tag: 'Imports',
    access: 'staff',
    body: () => contract.importPreviewInput,
    response: () => contract.importPreviewOutput,
    errors: upstream,
  },
  {
    method: 'POST',
    path: '/v1/import-matches/',
    summary: 'Import previewed matches',
    tag: 'Imports',
    access: 'staff',
    body: () => contract.importMatchesInput,
    response: () => contract.importMatchesOutput,
    errors: notFound('Season or team'),
  },
  {
    method: 'POST',
    path: '/v1/matches/update/',
    summary: 'Refresh matches from their platform',
    tag: 'Imports',
    access: 'staff',
    body: () => contract.updateMatchesInput,
    response: () => contract.updateMatchesOutput,
    errors: upstream,
  },
  {
    method: 'POST',
    path: '/v1/player-elo/update/',
    summary: 'Update player Elo from Faceit',
    tag: 'Elo tools',
    access: 'staff',
    body: () => contract.updatePlayerEloInput,
    response: () => contract.updatePlayerEloOutput,
    errors: upstream,
  },
  {
    method: 'POST',
    path: '/v1/player-elo/reset/',
    summary: 'Reset every player Elo and skill level',
    tag: 'Elo tools',
    access: 'owner',
    body: () => contract.playerEloResetInput,
    response: () => contract.playerEloResetOutput,
  },
  {
    method: 'POST',
    path: '/v1/team-elo/calculate/',
    summary: 'Rate teams from their rosters',
    tag: 'Elo tools',
    access: 'staff',
    body: () => contract.teamEloCalculateInput,
    response: () => contract.teamEloCalculateOutput,
  },
  {
    method: 'POST',
    path: '/v1/team-elo/recalculate/',
    summary: 'Replay every completed match',
    tag: 'Elo tools',
    access: 'owner',
    body: () => contract.teamEloRecalculateInput,
    response: () => contract.teamEloRecalculateOutput,
  },
  {
    method: 'POST',
    path: '/v1/rankings/snapshot/',
    summary: 'Take a ranking snapshot',
    tag: 'Elo tools',
    access: 'staff',
    body: () => contract.rankingSnapshotInput,
    response: () => contract.rankingSnapshotOutput,
    errors: notFound('Season'),
  },
  {
    method: 'POST',
    path: '/v1/merge-teams/preview/',
    summary: 'Preview a team merge',
    tag: 'Merge teams',
    access: 'staff',
    body: () => contract.mergeTeamsInput,
    response: () => contract.mergePreviewOutput,
    errors: notFound('Team'),
  },
  {
    method: 'POST',
    path: '/v1/merge-teams/',
    summary: 'Merge two teams',
    tag: 'Merge teams',
    access: 'owner',
    body: () => contract.mergeTeamsInput,
    response: () => contract.mergeTeamsOutput,
    errors: notFound('Team'),
  },
  {
    method: 'POST',
    path: '/v1/clear-database/',
    summary: 'Clear the league data (a backup is written first)',
    tag: 'Maintenance',
    access: 'owner',
    body: () => contract.clearDatabaseInput,
    response: () => contract.clearDatabaseOutput,
  },
  { method: 'GET', path: '/v1/backups/', summary: 'Backups', tag: 'Maintenance', access: 'owner', response: () => contract.backupListOutput },
  { method: 'GET', path: '/v1/backups/:id/', summary: 'Download a backup', tag: 'Maintenance', access: 'owner', response: () => contract.backupFile, errors: notFound('Backup') },
  {
    method: 'POST',
    path: '/v1/backups/:id/restore/',
    summary: 'Restore a backup',
    tag: 'Maintenance',
    access: 'owner',
    response: () => contract.restoreBackupOutput,
    errors: notFound('Backup'),
  },
  ...(['seasons', 'stages', 'matches'] as const).map(
    (kind): ApiOperation => ({
      method: 'GET',
      path: `/v1/proxy/leaguespot/${kind}/:id/`,
      summary: `Leaguespot ${kind.replace(/s$/, '')} (proxied)`,
      tag: 'Leaguespot proxy',
      access: 'staff',
      errors: upstream,
    }),
  ),
  { method: 'GET', path: '/v1/proxy/leaguespot/rounds/:id/matches/', summary: "Leaguespot round's matches (proxied)", tag: 'Leaguespot proxy', access: 'staff', errors: upstream },
  {
    method: 'GET',
    path: '/v1/image-proxy',
    summary: 'A remote image served from our origin (graphic generator)',
    description: "Answers the image's bytes with its own content type.",
    tag: 'Graphic generator',
    access: 'staff',
    query: () => z.object({ url: z.string() }),
    queryDescriptions: { url: 'The image URL (http or https).' },
    errors: upstream,
  },
  {
    method: 'GET',
    path: '/v1/proxy/leaguespot/matches/:id/participants/',
    summary: "Leaguespot match's participants (proxied)",
    tag: 'Leaguespot proxy',
    access: 'staff',
    errors: upstream,
  },
];

export const apiOperations: ApiOperation[] = [...publicOperations, ...authOperations, ...adminOperations];
