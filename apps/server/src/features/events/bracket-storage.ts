import type { Database } from '@campus-elo/db';
import type { CrudInterface, DataTypes, Id, OmitId, Table } from 'brackets-model';
import { sql, type Kysely } from 'kysely';

type Trx = Kysely<Database>;

/** Where each of the bracket library's tables lives (migration 0080). Participants are event_teams. */
const BRACKET_TABLES = {
  stage: 'event_bracket_stages',
  group: 'event_bracket_groups',
  round: 'event_bracket_rounds',
  match: 'event_bracket_matches',
  match_game: 'event_bracket_match_games',
} as const;

type JsonTable = (typeof BRACKET_TABLES)[keyof typeof BRACKET_TABLES];
type Row = Record<string, unknown>;

/**
 * The bracket library's storage (brackets-manager's CrudInterface) over our tables, for one
 * event and inside the caller's transaction: every read and write is scoped to the event, so
 * one library instance can never touch another event's bracket. A record is stored as its
 * integer id (the table's identity column) and the rest as JSON; a filter is JSON containment
 * (`data @> filter`), which is what the library's equality filters mean.
 */
export class EventBracketStorage implements CrudInterface {
  constructor(
    private readonly trx: Trx,
    private readonly eventId: string,
  ) {}

  insert<T extends Table>(table: T, value: OmitId<DataTypes[T]>): Promise<Id>;
  insert<T extends Table>(table: T, values: OmitId<DataTypes[T]>[]): Promise<boolean>;
  async insert<T extends Table>(table: T, value: OmitId<DataTypes[T]> | OmitId<DataTypes[T]>[]): Promise<Id | boolean> {
    const values = (Array.isArray(value) ? value : [value]) as Row[];
    if (values.length === 0) return true;
    let ids: number[];
    if (table === 'participant') {
      // The library's participant name is our team id (teams are added by id, never by name).
      const rows = await this.trx
        .insertInto('event_teams')
        .values(values.map((v) => ({ event_id: this.eventId, team_id: String(v.name) })))
        .returning('id')
        .execute();
      ids = rows.map((r) => r.id);
    } else {
      const rows = await this.trx
        .insertInto(jsonTable(table))
        .values(values.map((v) => ({ event_id: this.eventId, data: JSON.stringify(withoutId(v)) })))
        .returning('id')
        .execute();
      ids = rows.map((r) => r.id);
    }
    return Array.isArray(value) ? true : ids[0]!;
  }

  select<T extends Table>(table: T): Promise<DataTypes[T][] | null>;
  select<T extends Table>(table: T, id: Id): Promise<DataTypes[T] | null>;
  select<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<DataTypes[T][] | null>;
  async select<T extends Table>(table: T, idOrFilter?: Id | Partial<DataTypes[T]>): Promise<DataTypes[T] | DataTypes[T][] | null> {
    if (idOrFilter !== undefined && typeof idOrFilter !== 'object') {
      const [row] = await this.rows(table, { id: idOrFilter });
      return (row as DataTypes[T] | undefined) ?? null;
    }
    return (await this.rows(table, (idOrFilter ?? {}) as Row)) as unknown as DataTypes[T][];
  }

  update<T extends Table>(table: T, id: Id, value: DataTypes[T]): Promise<boolean>;
  update<T extends Table>(table: T, filter: Partial<DataTypes[T]>, value: Partial<DataTypes[T]>): Promise<boolean>;
  async update<T extends Table>(table: T, idOrFilter: Id | Partial<DataTypes[T]>, value: DataTypes[T] | Partial<DataTypes[T]>): Promise<boolean> {
    if (table === 'participant') throw new Error('Event teams are changed through the event, not the bracket library');
    const byId = typeof idOrFilter !== 'object';
    const filter = (byId ? { id: idOrFilter } : idOrFilter) as Row;
    const json = JSON.stringify(withoutId(value as Row));
    // By id the library hands the whole record; by filter, the fields to change.
    const data = byId ? sql`${json}::jsonb` : sql`data || ${json}::jsonb`;
    const result = await this.where(this.trx.updateTable(jsonTable(table)).set({ data: data as never }), filter).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  delete<T extends Table>(table: T): Promise<boolean>;
  delete<T extends Table>(table: T, filter: Partial<DataTypes[T]>): Promise<boolean>;
  async delete<T extends Table>(table: T, filter?: Partial<DataTypes[T]>): Promise<boolean> {
    if (table === 'participant') {
      let query = this.trx.deleteFrom('event_teams').where('event_id', '=', this.eventId);
      const f = (filter ?? {}) as Row;
      if (f.id !== undefined) query = query.where('id', '=', Number(f.id));
      if (f.name !== undefined) query = query.where('team_id', '=', String(f.name));
      await query.execute();
      return true;
    }
    await this.where(this.trx.deleteFrom(jsonTable(table)), (filter ?? {}) as Row).execute();
    return true;
  }

  private async rows(table: Table, filter: Row): Promise<Row[]> {
    if (table === 'participant') {
      let query = this.trx.selectFrom('event_teams').select(['id', 'team_id']).where('event_id', '=', this.eventId);
      if (filter.id !== undefined) query = query.where('id', '=', Number(filter.id));
      if (filter.name !== undefined) query = query.where('team_id', '=', String(filter.name));
      const rows = await query.orderBy('id').execute();
      return rows.map((r) => ({ id: r.id, tournament_id: this.eventId, name: r.team_id }));
    }
    const rows = await this.where(this.trx.selectFrom(jsonTable(table)).select(['id', 'data']), filter)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...(r.data as Row), id: r.id }));
  }

  /** Scopes a query to this event and the library's filter. */
  private where<Q extends { where: (...args: any[]) => Q }>(query: Q, filter: Row): Q {
    let scoped = query.where('event_id', '=', this.eventId);
    const { id, ...rest } = filter;
    if (id !== undefined) scoped = scoped.where('id', '=', Number(id));
    if (Object.keys(rest).length > 0) scoped = scoped.where(sql<boolean>`data @> ${JSON.stringify(rest)}::jsonb`);
    return scoped;
  }
}

function jsonTable(table: Exclude<Table, 'participant'>): JsonTable;
function jsonTable(table: Table): JsonTable;
function jsonTable(table: Table): JsonTable {
  if (table === 'participant') throw new Error('Participants are event_teams rows');
  return BRACKET_TABLES[table];
}

function withoutId(value: Row): Row {
  const { id: _id, ...rest } = value;
  return rest;
}
