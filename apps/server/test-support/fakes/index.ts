export { startFakeServer, stablePick, stableSteamId, stableUuid, type Fault, type FakeRequest, type FakeServer } from './fake-http-server';
export {
  faceitChampionship,
  faceitMatch,
  faceitPlayer,
  faceitRoster,
  faceitWebhookDelivery,
  faceitWebhookSample,
  startFakeFaceit,
  type FaceitMatchSpec,
  type FaceitWebhookDelivery,
  type FaceitWebhookTarget,
  type FakeFaceit,
  type FakeFaceitPlayer,
  type WebhookDeliveryResult,
} from './fake-faceit';
export { leaguespotFixtureMatches, startFakeLeaguespot, type FakeLeaguespot, type FakeLeaguespotOptions } from './fake-leaguespot';
export { decryptPush, startFakePushService, type FakeBrowser, type FakePushService, type ReceivedPush } from './fake-push-service';
