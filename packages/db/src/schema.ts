import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** timestamptz: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** date: read and written as 'YYYY-MM-DD' (the connection turns off pg's Date parsing). */
type DateOnly = string;

export type MatchStatusColumn = 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
export type PlatformColumn = 'faceit' | 'leaguespot';
export type RoleColumn = 'admin' | 'owner';

export interface SeasonsTable {
  id: Generated<string>;
  name: string;
  start_date: DateOnly;
  end_date: DateOnly;
  /** Leaguespot season id and current stage, when the season was imported from there. */
  leaguespot_season_id: string | null;
  leaguespot_stage_id: string | null;
  created_at: TimestampDefault;
}

export interface CompetitionsTable {
  id: Generated<string>;
  name: string;
  platform: PlatformColumn;
  /** The platform's own id: a Faceit championship id or a Leaguespot season id. */
  external_id: string | null;
  season_id: string | null;
  /** 'league' or 'event' (bracket based), chosen in the import wizard. */
  type: Generated<string>;
  created_at: TimestampDefault;
}

export interface TeamsTable {
  id: Generated<string>;
  name: string;
  picture: string | null;
  school_name: string | null;
  elo: Generated<number>;
  captain_id: string | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface PlayersTable {
  id: Generated<string>;
  name: string;
  picture: string | null;
  steam_id: string | null;
  faceit_id: string | null;
  elo: Generated<number>;
  skill_level: Generated<number>;
  team_id: string | null;
  benched: Generated<boolean>;
  visible: Generated<boolean>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface PlayerSeasonsTable {
  player_id: string;
  season_id: string;
  team_id: string | null;
}

export interface ParticipantsTable {
  id: Generated<string>;
  team_id: string;
  competition_id: string;
  season_id: string;
  platform: PlatformColumn;
  /** The team's id on the platform (Faceit faction/team id, Leaguespot teamId). */
  platform_team_id: string | null;
  /** The team's name on the platform: the key of 'platform:{platform}:team:{name}'. */
  platform_name: string;
  created_at: TimestampDefault;
}

export interface MatchesTable {
  id: Generated<string>;
  platform: PlatformColumn;
  external_id: string;
  competition_id: string | null;
  season_id: string | null;
  team1_id: string;
  team2_id: string;
  score_team1: number | null;
  score_team2: number | null;
  winner_id: string | null;
  status: MatchStatusColumn;
  date: Timestamp | null;
  url: string | null;
  match_type: Generated<string>;
  /** True once a completion has moved both teams' Elo, so it never moves twice. */
  elo_applied: Generated<boolean>;
  team1_elo_change: number | null;
  team2_elo_change: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface RankingsTable {
  id: Generated<string>;
  season_id: string;
  date: Timestamp;
  created_at: TimestampDefault;
}

export interface RankingItemsTable {
  id: Generated<string>;
  ranking_id: string;
  team_id: string;
  rank: number;
  elo: number;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  role: RoleColumn;
  created_at: TimestampDefault;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  expires_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  email: string;
  ip: string;
  created_at: TimestampDefault;
}

export interface MediaTable {
  id: Generated<string>;
  key: string;
  content_type: string;
  bytes: Buffer | Uint8Array;
  size: number;
  created_at: TimestampDefault;
}

export interface AuditLogTable {
  id: Generated<string>;
  user_id: string | null;
  action: string;
  entity: string;
  entity_ids: ColumnType<string[], string[] | undefined, string[]>;
  details: ColumnType<unknown, string | undefined, string>;
  created_at: TimestampDefault;
}

export interface BackupsTable {
  id: Generated<string>;
  reason: string;
  created_by: string | null;
  /** JSON export of every cleared table; `pnpm cli restore` reads it back. */
  data: ColumnType<unknown, string, string>;
  created_at: TimestampDefault;
}

/** Matches per status, kept by triggers on matches (migration 0003): read-only for code. */
export interface MatchStatusCountsTable {
  status: MatchStatusColumn;
  count: number;
}

/** Players per scope ('all', or a season id), kept by triggers (migration 0003): read-only for code. */
export interface PlayerCountsTable {
  scope: string;
  count: number;
}

export interface Database {
  seasons: SeasonsTable;
  competitions: CompetitionsTable;
  teams: TeamsTable;
  players: PlayersTable;
  player_seasons: PlayerSeasonsTable;
  participants: ParticipantsTable;
  matches: MatchesTable;
  rankings: RankingsTable;
  ranking_items: RankingItemsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  media: MediaTable;
  audit_log: AuditLogTable;
  backups: BackupsTable;
  match_status_counts: MatchStatusCountsTable;
  player_counts: PlayerCountsTable;
}

export type Season = Selectable<SeasonsTable>;
export type NewSeason = Insertable<SeasonsTable>;
export type Competition = Selectable<CompetitionsTable>;
export type Team = Selectable<TeamsTable>;
export type NewTeam = Insertable<TeamsTable>;
export type TeamUpdate = Updateable<TeamsTable>;
export type Player = Selectable<PlayersTable>;
export type NewPlayer = Insertable<PlayersTable>;
export type PlayerUpdate = Updateable<PlayersTable>;
export type Participant = Selectable<ParticipantsTable>;
export type Match = Selectable<MatchesTable>;
export type NewMatch = Insertable<MatchesTable>;
export type Ranking = Selectable<RankingsTable>;
export type RankingItem = Selectable<RankingItemsTable>;
export type User = Selectable<UsersTable>;
