// Signs in, then prints the current season's top 10 teams by Elo and the results of the last
// seven days. Run it against a running site (after `pnpm build`):
//
//   CAMPUS_ELO_URL=http://localhost:3000 CAMPUS_ELO_EMAIL=… CAMPUS_ELO_PASSWORD=… \
//     npx tsx examples/top-10.ts
import { createCampusEloClient, createToken, type RouterOutputs } from '@campus-elo/client';

type Match = RouterOutputs['public']['matches']['results'][number];

const DAY_MS = 24 * 60 * 60 * 1000;

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is not set: this example needs CAMPUS_ELO_URL, CAMPUS_ELO_EMAIL and CAMPUS_ELO_PASSWORD.`);
    process.exit(1);
  }
  return value;
}

/** `2026-11-21 18:00` in UTC, from the ISO text the site answers. */
function minuteOf(isoDate: string): string {
  return `${isoDate.slice(0, 10)} ${isoDate.slice(11, 16)}`;
}

function resultLine(match: Match): string {
  const when = match.date ? minuteOf(match.date) : 'undated';
  const score = `${match.score_team1 ?? '-'}-${match.score_team2 ?? '-'}`;
  return `${when}  ${match.team1.name} ${score} ${match.team2.name}`;
}

const url = requiredEnv('CAMPUS_ELO_URL');
const { token, expires_at } = await createToken({
  url,
  email: requiredEnv('CAMPUS_ELO_EMAIL'),
  password: requiredEnv('CAMPUS_ELO_PASSWORD'),
}).catch((error: Error) => {
  console.error(`Sign-in failed: ${error.message}`);
  process.exit(1);
});
console.log(`Signed in to ${url} (token valid until ${minuteOf(expires_at)} UTC)`);
const client = createCampusEloClient({ url, token });

const season = await client.public.currentSeason.query();
if (!season) {
  console.log('No season yet.');
  process.exit(0);
}
const top = await client.public.teams.query({ season_id: season.id, sort: 'elo', order: 'desc', page_size: 10 });
console.log(`\nTop ${top.results.length} teams by Elo, ${season.name}`);
top.results.forEach((team, index) => {
  const school = team.school_name ? ` (${team.school_name})` : '';
  console.log(`${String(index + 1).padStart(3)}. ${String(team.elo).padStart(5)}  ${team.name}${school}`);
});

// The whole first day counts: a date without a time means from that day's start (UTC).
const since = new Date(Date.now() - 7 * DAY_MS).toISOString().slice(0, 10);
const results: Match[] = [];
for (let page = 1, pages = 1; page <= pages; page++) {
  const answer = await client.public.matches.query({ status: 'completed', date_from: since, sort: 'date', order: 'desc', page, page_size: 100 });
  results.push(...answer.results);
  pages = answer.total_pages;
}
console.log(`\nResults since ${since} (${results.length} matches, times in UTC)`);
for (const match of results) console.log(`  ${resultLine(match)}`);
if (results.length === 0) console.log('  none');
