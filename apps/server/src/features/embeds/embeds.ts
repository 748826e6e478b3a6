import { matchListInput, teamListInput, type MatchListItem } from '@campus-elo/api-contract';
import type { Database } from '@campus-elo/db';
import type { Kysely } from 'kysely';
import { getEvent } from '../events/queries';
import { getMatchMaps } from '../match-stats/queries';
import { getMatchPage } from '../matches/match-page';
import { listMatches } from '../matches/queries';
import { getStandings } from '../standings/queries';
import { getTeamPage } from '../teams/page-queries';
import { listTeams } from '../teams/queries';
import { html, matchTime, type SafeHtml } from './html';
import type { EmbedOptions, PageParts } from './page';

/** What an embed reads with: the public reads' database handle and the configured current season. */
export interface EmbedContext {
  db: Kysely<Database>;
  currentSeasonId: string | undefined;
}

const logo = (picture: string | null) => (picture ? html`<img class="logo" src="${picture}" alt="" loading="lazy">` : '');
const teamLink = (team: { id: string; name: string; picture: string | null }) =>
  html`${logo(team.picture)}<a href="/teams/${team.id}" target="_top">${team.name}</a>`;
const backLink = (href: string, text: string) => html`<a class="back" href="${href}" target="_top">${text} →</a>`;
const score = (value: number | null) => (value === null ? '–' : String(value));

function matchRow(match: MatchListItem): SafeHtml {
  const played = match.status === 'completed' || match.status === 'in_progress';
  return html`<li class="row"><span class="grow">${teamLink(match.team1)} <span class="muted">vs</span> ${teamLink(match.team2)}
<div class="muted">${matchTime(match.date)}${match.competition ? ` · ${match.competition.name}` : ''}</div></span>
${match.status === 'in_progress' ? html`<span class="live">LIVE</span>` : ''}
${played ? html`<a class="score tabular" href="/matches/${match.id}" target="_top">${score(match.score_team1)}–${score(match.score_team2)}</a>` : html`<a href="/matches/${match.id}" target="_top">Details</a>`}</li>`;
}

/** /embed/rankings: the top `limit` teams by Elo, as the rankings page lists them. */
export async function rankingsEmbed(context: EmbedContext, options: EmbedOptions): Promise<PageParts> {
  const input = teamListInput.parse({ sort: 'elo', order: 'desc', page: 1, page_size: options.limit, ...(options.season ? { season_id: options.season } : {}) });
  const { results } = await listTeams(context.db, input, { currentSeasonId: context.currentSeasonId, day: new Date().toISOString().slice(0, 10) });
  const rows = results.map(
    (team, index) =>
      html`<tr><td class="tabular">${index + 1}${team.provisional ? '?' : ''}</td><td>${teamLink(team)}</td><td class="num tabular">${team.wins}-${team.losses}</td><td class="num tabular">${team.elo}</td></tr>`,
  );
  return {
    title: 'Team rankings',
    watch: [],
    live: true,
    body: html`<h1>Team rankings</h1>${
      results.length === 0
        ? html`<p>No teams ranked yet.</p>`
        : html`<table><thead><tr><th>#</th><th>Team</th><th class="num">W-L</th><th class="num">Elo</th></tr></thead><tbody>${rows}</tbody></table>`
    }${backLink('/rankings', 'Full rankings')}`,
  };
}

/** /embed/standings: each division's table (season=, division=), `limit` rows each. */
export async function standingsEmbed(context: EmbedContext, options: EmbedOptions): Promise<PageParts> {
  const standings = await getStandings(
    context.db,
    { ...(options.season ? { season_id: options.season } : {}), ...(options.division ? { division_id: options.division } : {}) },
    context.currentSeasonId,
  );
  const divisions = standings.divisions.map(
    (division) => html`<h2>${division.name}</h2><table><thead><tr><th>#</th><th>Team</th><th class="num">W-L</th><th class="num">Pts</th><th class="num">Form</th></tr></thead><tbody>${division.rows
      .slice(0, options.limit)
      .map(
        (row) =>
          html`<tr><td class="tabular">${row.place}</td><td>${teamLink(row.team)}</td><td class="num tabular">${row.wins}-${row.losses}</td><td class="num tabular">${row.points}</td><td class="num">${row.form.join('')}</td></tr>`,
      )}</tbody></table>`,
  );
  return {
    title: 'Standings',
    watch: [],
    live: true,
    body: html`<h1>Standings${standings.season ? ` · ${standings.season.name}` : ''}</h1>${divisions.length === 0 ? html`<p>No divisions this season.</p>` : divisions}${backLink('/standings', 'Full standings')}`,
  };
}

async function teamMatches(context: EmbedContext, options: EmbedOptions, upcoming: boolean): Promise<PageParts> {
  const team = options.team ? await getTeamPage(context.db, options.team, context.currentSeasonId) : undefined;
  const input = matchListInput.parse({
    status: upcoming ? 'scheduled,in_progress' : 'completed',
    order: upcoming ? 'asc' : 'desc',
    page: 1,
    page_size: options.limit,
    ...(team ? { team_id: team.id } : {}),
  });
  const { results } = await listMatches(context.db, input);
  const what = upcoming ? 'Schedule' : 'Results';
  const title = team ? `${team.name}: ${what.toLowerCase()}` : what;
  return {
    title,
    watch: team ? [team.id] : [],
    live: true,
    body: html`<h1>${title}</h1>${results.length === 0 ? html`<p>${upcoming ? 'No matches scheduled.' : 'No results yet.'}</p>` : html`<ol>${results.map(matchRow)}</ol>`}${backLink(
      team ? `/teams/${team.id}` : '/matches',
      team ? `${team.name}'s page` : 'All matches',
    )}`,
  };
}

/** /embed/schedule: scheduled and live matches, soonest first (team= one team's). */
export const scheduleEmbed = (context: EmbedContext, options: EmbedOptions) => teamMatches(context, options, true);
/** /embed/results: completed matches, latest first (team= one team's). */
export const resultsEmbed = (context: EmbedContext, options: EmbedOptions) => teamMatches(context, options, false);

/** /embed/bracket/{event}: the event's stages round by round, and its standings for round robin and Swiss. */
export async function bracketEmbed(context: EmbedContext, _options: EmbedOptions, eventId: string): Promise<PageParts> {
  const event = await getEvent(context.db, eventId);
  const side = (team: { name: string } | null, value: number | null, won: boolean) =>
    html`<div class="${won ? 'win' : ''}"><span>${team?.name ?? 'TBD'}</span><span class="tabular">${value ?? ''}</span></div>`;
  const stages = event.stages.map(
    (stage) =>
      html`<h2>${stage.type.replaceAll('_', ' ')}</h2><div class="rounds">${stage.rounds.map(
        (round) =>
          html`<div class="round"><strong>${round.name}</strong>${round.matches.map(
            (slot) =>
              html`<div class="slot">${side(slot.team1, slot.score_team1, !!slot.winner_id && slot.winner_id === slot.team1?.id)}${side(
                slot.team2,
                slot.score_team2,
                !!slot.winner_id && slot.winner_id === slot.team2?.id,
              )}${slot.status === 'live' ? html`<span class="live">LIVE</span>` : ''}</div>`,
          )}</div>`,
      )}</div>`,
  );
  const standings = event.standings
    ? html`<h2>Standings</h2><table><thead><tr><th>#</th><th>Team</th><th class="num">W-L</th><th class="num">RD</th></tr></thead><tbody>${event.standings.rows.map(
        (row) => html`<tr><td>${row.rank}</td><td>${teamLink(row.team)}</td><td class="num tabular">${row.wins}-${row.losses}</td><td class="num tabular">${row.round_difference}</td></tr>`,
      )}</tbody></table>`
    : '';
  return {
    title: event.name,
    watch: [event.id],
    live: true,
    body: html`<h1>${event.name}</h1>${stages.length === 0 ? html`<p>The bracket is not drawn yet.</p>` : stages}${standings}${backLink(`/events/${event.id}`, 'Full event')}`,
  };
}

/** /embed/match/{id}: the two teams, the series score, status and the maps played. */
export async function matchEmbed(context: EmbedContext, _options: EmbedOptions, matchId: string): Promise<PageParts> {
  const [match, maps] = await Promise.all([getMatchPage(context.db, matchId), getMatchMaps(context.db, matchId, 'visible')]);
  const status = match.status === 'in_progress' ? html`<span class="live">LIVE</span>` : match.status === 'completed' ? 'Final' : match.status === 'cancelled' ? 'Cancelled' : matchTime(match.date);
  return {
    title: `${match.team1.name} vs ${match.team2.name}`,
    watch: [match.id],
    live: true,
    body: html`<div class="row"><span class="grow">${teamLink(match.team1)}<div class="muted tabular">Elo ${match.team1.elo}</div></span>
<span class="score big tabular">${score(match.score_team1)}–${score(match.score_team2)}</span>
<span class="grow right">${teamLink(match.team2)}<div class="muted tabular">Elo ${match.team2.elo}</div></span></div>
<p class="muted">${status}${match.competition ? ` · ${match.competition.name}` : ''}</p>
${maps.maps.length > 0 ? html`<table><tbody>${maps.maps.map((map) => html`<tr><td>${map.map_name}</td><td class="num tabular">${map.score_team1}–${map.score_team2}</td></tr>`)}</tbody></table>` : ''}
${backLink(`/matches/${match.id}`, 'Match page')}`,
  };
}
