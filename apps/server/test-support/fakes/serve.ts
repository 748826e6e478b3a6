/**
 * Runs both fake platforms for trying the import wizard on the demo site without internet:
 *   pnpm fakes
 * then start the server with the environment it prints. Faceit knows one championship
 * (DEMO_CHAMPIONSHIP_ID); Leaguespot serves the real Playfly fixture season.
 */
import { faceitChampionship, startFakeFaceit } from './fake-faceit';
import { startFakeLeaguespot } from './fake-leaguespot';

const DEMO_CHAMPIONSHIP_ID = 'demo-championship';
const faceitPort = Number(process.env.FAKE_FACEIT_PORT ?? 4101);
const leaguespotPort = Number(process.env.FAKE_LEAGUESPOT_PORT ?? 4102);

const faceit = await startFakeFaceit({ port: faceitPort });
const leaguespot = await startFakeLeaguespot({ port: leaguespotPort });
faceit.setChampionship(
  DEMO_CHAMPIONSHIP_ID,
  faceitChampionship({ championshipId: DEMO_CHAMPIONSHIP_ID, count: 40, teams: 8, startAt: Math.floor(Date.now() / 1000) - 25 * 86_400, name: 'NECC Demo Championship' }),
);

const variables = `FACEIT_API_BASE=${faceit.url} FACEIT_API_KEY=${faceit.apiKey} LEAGUESPOT_API_BASE=${leaguespot.url}`;
console.log(variables);
// The exact command, so nobody has to assemble it (issue 29): in a second terminal, from the repository root.
console.log(`Restart the site with the fakes (in another terminal, from the repository root): ${variables} SEED=demo npx -y pnpm@10 start`);
console.log(`Faceit championship id: ${DEMO_CHAMPIONSHIP_ID}`);
console.log(`Leaguespot season id: ${leaguespot.seasonId}`);

const stop = async () => {
  await Promise.all([faceit.close(), leaguespot.close()]);
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
