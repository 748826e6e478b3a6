export { startFakeServer, stablePick, stableSteamId, stableUuid, type Fault, type FakeRequest, type FakeServer } from './fake-http-server';
export { faceitChampionship, faceitMatch, faceitPlayer, faceitRoster, startFakeFaceit, type FaceitMatchSpec, type FakeFaceit, type FakeFaceitPlayer } from './fake-faceit';
export { leaguespotFixtureMatches, startFakeLeaguespot, type FakeLeaguespot, type FakeLeaguespotOptions } from './fake-leaguespot';
