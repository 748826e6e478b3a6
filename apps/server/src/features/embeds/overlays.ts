import { matchListInput, type MatchMapsResponse, type MatchPage, type TeamPage } from '@campus-elo/api-contract';
import { getMatchMaps } from '../match-stats/queries';
import { getHeadToHead } from '../matches/head-to-head';
import { getMatchPage } from '../matches/match-page';
import { listMatches } from '../matches/queries';
import { getTeamPage } from '../teams/page-queries';
import type { EmbedContext } from './embeds';
import { html, matchTime, type SafeHtml } from './html';
import type { PageParts } from './page';

/** How many live and finished matches the ticker carries. */
const TICKER_MATCHES = 30;

/**
 * The map being played: one without a winner yet, else the first map picked in the veto that
 * has not been played, else none (docs/product.md, "Stream overlays").
 */
export function currentMap(match: Pick<MatchPage, 'status'>, { maps, vetoes }: MatchMapsResponse): string | null {
  if (match.status !== 'in_progress') return null;
  const unfinished = maps.find((map) => map.winner_id === null);
  if (unfinished) return unfinished.map_name;
  const played = new Set(maps.map((map) => map.map));
  const next = vetoes.find((veto) => veto.action !== 'ban' && !played.has(veto.map));
  return next ? next.map : null;
}

const form = (letters: readonly string[]) => html`<span class="form">${letters.map((letter) => html`<span class="${letter}">${letter}</span>`)}</span>`;

function side(team: TeamPage, right: boolean): SafeHtml {
  return html`<div class="side${right ? ' right' : ''}">${team.picture ? html`<img src="${team.picture}" alt="">` : ''}<div><div class="name">${team.name}</div>
<div class="meta tabular">Elo ${team.elo}${team.rank !== null ? ` · #${team.rank}` : ''} · ${team.season_wins}-${team.season_losses}</div><div class="meta">${form(team.form)}</div></div></div>`;
}

async function matchPanel(context: EmbedContext, match: MatchPage): Promise<SafeHtml> {
  const [maps, team1, team2, meetings] = await Promise.all([
    getMatchMaps(context.db, match.id, 'visible'),
    getTeamPage(context.db, match.team1.id, context.currentSeasonId),
    getTeamPage(context.db, match.team2.id, context.currentSeasonId),
    getHeadToHead(context.db, { team1: match.team1.id, team2: match.team2.id }),
  ]);
  const mapWins = (teamId: string) => maps.maps.filter((map) => map.winner_id === teamId).length;
  const playing = currentMap(match, maps);
  const status = match.status === 'in_progress' ? 'LIVE' : match.status === 'completed' ? 'FINAL' : match.status === 'cancelled' ? 'CANCELLED' : matchTime(match.date);
  const liveMap = maps.maps.find((map) => map.winner_id === null);
  return html`<section class="panel top" aria-label="Match"><div>${side(team1, false)}</div>
<div><div class="series tabular" data-series>${match.score_team1 ?? 0} – ${match.score_team2 ?? 0}</div><div class="status">${status}</div>
<div class="status tabular">Maps ${mapWins(match.team1.id)} – ${mapWins(match.team2.id)}${playing ? html` · Now: <b>${playing}</b>${liveMap ? ` ${liveMap.score_team1}–${liveMap.score_team2}` : ''}` : ''}</div></div>
<div>${side(team2, true)}</div></section>
<section class="panel bottom" aria-label="Head to head"><span>Head to head</span><b class="tabular">${team1.name} ${meetings.team1_wins} – ${meetings.team2_wins} ${team2.name}</b>
${match.preview ? html`<span class="tabular">Win chance ${Math.round(match.preview.team1.expected * 100)}% – ${Math.round(match.preview.team2.expected * 100)}%</span>` : ''}</section>`;
}

/** /overlay/match/{id}: both teams with Elo, place and form, the series and map score, the map being played, their head-to-head. */
export async function matchOverlay(context: EmbedContext, matchId: string): Promise<PageParts> {
  const match = await getMatchPage(context.db, matchId);
  return { title: `${match.team1.name} vs ${match.team2.name}`, watch: [match.id], live: true, body: await matchPanel(context, match) };
}

/** /overlay/team/{id}: the team's live match (else its next, else its last) as the match overlay shows it; the team alone when it has none. */
export async function teamOverlay(context: EmbedContext, teamId: string): Promise<PageParts> {
  const team = await getTeamPage(context.db, teamId, context.currentSeasonId);
  const pick = async (status: string, order: 'asc' | 'desc') =>
    (await listMatches(context.db, matchListInput.parse({ team_id: team.id, status, order, page: 1, page_size: 1 }))).results[0];
  const chosen = (await pick('in_progress', 'asc')) ?? (await pick('scheduled', 'asc')) ?? (await pick('completed', 'desc'));
  const body = chosen ? await matchPanel(context, await getMatchPage(context.db, chosen.id)) : html`<section class="panel top" aria-label="Team">${side(team, false)}</section>`;
  return { title: team.name, watch: [team.id], live: true, body };
}

/** /overlay/ticker: live scores, then today's results (UTC day), in one line. */
export async function tickerOverlay(context: EmbedContext): Promise<PageParts> {
  const today = new Date().toISOString().slice(0, 10);
  const [live, finished] = await Promise.all([
    listMatches(context.db, matchListInput.parse({ status: 'in_progress', order: 'asc', page: 1, page_size: TICKER_MATCHES })),
    listMatches(context.db, matchListInput.parse({ status: 'completed', date_from: today, order: 'desc', page: 1, page_size: TICKER_MATCHES })),
  ]);
  const item = (match: (typeof live.results)[number], done: boolean) =>
    html`<span><span class="tag${done ? ' done' : ''}">${done ? 'FINAL' : 'LIVE'}</span>${match.team1.name} <b class="tabular">${match.score_team1 ?? 0}–${match.score_team2 ?? 0}</b> ${match.team2.name}</span>`;
  const items = [...live.results.map((match) => item(match, false)), ...finished.results.map((match) => item(match, true))];
  return {
    title: 'Scores',
    watch: [],
    live: true,
    body: html`<section class="ticker" aria-label="Scores">${items.length === 0 ? html`<span>No live matches or results today</span>` : items}</section>`,
  };
}
