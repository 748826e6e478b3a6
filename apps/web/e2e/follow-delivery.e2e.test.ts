// @vitest-environment node
import { createPublicKey, verify } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@campus-elo/server';
import { createDatabase, type DatabaseHandle } from '@campus-elo/db';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { decryptPush, startFakePushService, type FakePushService, type ReceivedPush } from '../../server/test-support/fakes';
import { updateMatch } from '../../server/src/features/matches/admin-matches';
import { deliverPushNotifications, type PushDeps } from '../../server/src/features/push/send';
import { createRankingSnapshot, weekStart } from '../../server/src/features/rankings/snapshot';
import { closeAll, describeE2E, launchBrowser, startTestSite, type TestSite, VIEWPORTS } from './harness';

const SLOW = 180_000;

/** What the init script keeps of the subscription it made, in the page's localStorage. */
interface StoredSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The private half (JWK `d`, base64url), for the test to read what arrived. */
  privateKey: string;
  /** The applicationServerKey the site subscribed with, base64url. */
  serverKey: string;
}
const STORE = 'e2e-push-subscription';

/**
 * Replaces the browser's side of the push service. Headless Chromium has no push service to
 * subscribe with (Chrome's is Google's, out of reach here), so PushManager's subscribe and
 * getSubscription answer a subscription on the local fake push service instead, with real
 * keys made by WebCrypto (P-256 ECDH public key, raw; 16 random auth bytes; base64url), so the
 * server's encryption is the real one. Everything else (permission, service worker, the
 * Follow dialog, the site's calls) is the browser's and the site's own.
 */
function fakePushManager({ pushServiceUrl, store }: { pushServiceUrl: string; store: string }) {
  const base64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const asSubscription = (stored: StoredSubscription) => ({
    endpoint: stored.endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(store);
      return true;
    },
  });
  PushManager.prototype.getSubscription = async function getSubscription() {
    const stored = localStorage.getItem(store);
    return (stored ? asSubscription(JSON.parse(stored) as StoredSubscription) : null) as unknown as PushSubscription;
  };
  PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const publicKey = await crypto.subtle.exportKey('raw', pair.publicKey);
    const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const serverKey = options?.applicationServerKey;
    const stored: StoredSubscription = {
      endpoint: `${pushServiceUrl}/push/${crypto.randomUUID()}`,
      keys: { p256dh: base64url(publicKey), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) },
      privateKey: d!,
      serverKey: serverKey ? base64url(serverKey as ArrayBuffer) : '',
    };
    localStorage.setItem(store, JSON.stringify(stored));
    return asSubscription(stored) as unknown as PushSubscription;
  };
}

/**
 * The 'Done when': following a demo team in Chromium delivers the start, result and
 * rank notifications to the fake push service exactly once each, with two replicas (two
 * servers, two connection pools, one database) sending at once
 * (docs/decisions/0099-web-push-follows.md).
 */
describeE2E('following a demo team delivers its notifications once across two replicas', () => {
  let site: TestSite;
  let browser: Browser;
  let pushService: FakePushService;
  let secondHandle: DatabaseHandle;
  let secondApp: Awaited<ReturnType<typeof buildApp>>;
  let secondUrl: string;
  let replicas: PushDeps[];

  beforeAll(async () => {
    pushService = await startFakePushService();
    [site, browser] = await Promise.all([startTestSite({ env: { PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } }), launchBrowser()]);
    secondHandle = createDatabase({ databaseUrl: site.database.url });
    secondApp = await buildApp({ db: secondHandle.db, readDb: secondHandle.readDb, config: site.config, logger: false });
    await secondApp.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(secondApp.server.address() as AddressInfo).port}`;
    replicas = [
      { db: site.database.db, config: site.config },
      { db: secondHandle.db, config: site.config },
    ];
  }, SLOW);
  afterAll(async () => {
    await closeAll(browser, secondApp, site, pushService);
    await secondHandle?.close();
  });

  /** Both replicas' senders at once, as their job workers would run them. */
  const deliverOnBothReplicas = () => Promise.all(replicas.map((deps) => deliverPushNotifications(deps)));

  it(
    'follows from the dialog, then sends started, result and rank change once each, encrypted, with TTL and VAPID',
    async () => {
      // A scheduled match of the current season's demo league: its first team is the one followed.
      const matches = (await (await fetch(`${site.url}/v1/public/matches?status=scheduled`)).json()) as { results: { id: string; date: string | null; season_id: string | null; team1: { id: string; name: string }; team2: { id: string } }[] };
      const match = matches.results.find((m) => m.date !== null && m.season_id !== null)!;
      const team = match.team1;
      // What the demo's own writes queued goes out (to nobody) before this browser follows.
      await deliverOnBothReplicas();

      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      await context.grantPermissions(['notifications'], { origin: site.url });
      await context.addInitScript(fakePushManager, { pushServiceUrl: pushService.url, store: STORE });
      const page = await context.newPage();
      await page.goto(`${site.url}/teams/${team.id}`, { waitUntil: 'networkidle' });
      await page.getByTestId('follow-team').click();
      const dialog = page.getByRole('dialog', { name: `Follow ${team.name}` });
      // Started, result and rank change; not 'starting soon' (the demo has matches about to start).
      await dialog.getByRole('checkbox', { name: 'Match starting soon' }).uncheck();
      await dialog.getByRole('checkbox', { name: 'Match started' }).check();
      await dialog.getByRole('button', { name: 'Follow' }).click();
      await dialog.getByRole('status').filter({ hasText: `You follow ${team.name} in this browser.` }).waitFor();
      const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORE))!) as StoredSubscription;
      await context.close();

      // The site subscribed with the server's VAPID key; the other replica knows the follow.
      const { public_key: vapidKey } = (await (await fetch(`${secondUrl}/v1/public/push/key`)).json()) as { public_key: string };
      expect(stored.serverKey).toBe(vapidKey);
      const listed = (await (await fetch(`${secondUrl}/v1/following/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ endpoint: stored.endpoint }) })).json()) as {
        follows: { team: { id: string }; choices: object }[];
      };
      expect(listed.follows).toEqual([{ team: expect.objectContaining({ id: team.id }), choices: { starting_soon: false, minutes_before: 30, started: true, result: true, rank_change: true } }]);

      // The match starts (written through the second replica), then ends and counts (the first).
      await updateMatch(secondHandle.db, null, { id: match.id, dry_run: false, status: 'in_progress', date: new Date().toISOString(), score_team1: 0, score_team2: 0 });
      await deliverOnBothReplicas();
      await updateMatch(site.database.db, null, { id: match.id, dry_run: false, status: 'completed', score_team1: 2, score_team2: 0, winner_id: team.id });
      // This week's snapshot, made again: the team is moved to the top (or the bottom, if it
      // was first last week) so that its rank surely changes from the week before.
      const season = match.season_id!;
      const lastWeek = await site.database.db
        .selectFrom('rankings as r')
        .innerJoin('ranking_items as i', 'i.ranking_id', 'r.id')
        .select('i.rank')
        .where('r.season_id', '=', season)
        .where('i.team_id', '=', team.id)
        .where('r.date', '<', weekStart(new Date()))
        .orderBy('r.date', 'desc')
        .limit(1)
        .executeTakeFirst();
      const elo = await site.database.db
        .selectFrom('teams')
        .select((eb) => [eb.fn.max('elo').as('top'), eb.fn.min('elo').as('bottom')])
        .where('elo', '>', 0)
        .executeTakeFirstOrThrow();
      await site.database.db
        .updateTable('teams')
        .set({ elo: lastWeek?.rank === 1 ? Math.max(1, Number(elo.bottom) - 1) : Number(elo.top) + 1 })
        .where('id', '=', team.id)
        .execute();
      await createRankingSnapshot(secondHandle.db, { season_id: season, replace: true }, null);
      await deliverOnBothReplicas();
      // A restart of both senders finds nothing left to send.
      await deliverOnBothReplicas();

      const mine = pushService.received.filter((p) => `${pushService.url}${p.path}` === stored.endpoint);
      const read = (push: ReceivedPush) => decryptPush(push, { privateKey: Buffer.from(stored.privateKey, 'base64url') }, stored.keys.auth) as { title: string; body: string; url: string; tag: string };
      const payloads = mine.map(read);
      expect(payloads.map((p) => p.url)).toEqual([`/matches/${match.id}`, `/matches/${match.id}`, `/teams/${team.id}`]);
      expect(payloads[0]!.title).toMatch(/ has started$/);
      expect(payloads[1]!.title).toMatch(/ 2–0 /);
      expect(payloads[1]!.body).toMatch(new RegExp(`^${team.name}: \\d+ → \\d+ Elo \\(\\+\\d+\\)$`));
      expect(payloads[2]!.title).toMatch(new RegExp(`^${team.name} is now #\\d+$`));
      expect(mine.map((p) => [p.headers.ttl, p.headers.urgency, p.headers['content-encoding']])).toEqual([
        ['3600', 'high', 'aes128gcm'],
        ['86400', 'normal', 'aes128gcm'],
        ['86400', 'low', 'aes128gcm'],
      ]);
      // VAPID: a JWT for the push service's origin, signed (ES256) by the key the site subscribed with.
      const serverKey = Buffer.from(vapidKey, 'base64url');
      const verifier = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: serverKey.subarray(1, 33).toString('base64url'), y: serverKey.subarray(33).toString('base64url') }, format: 'jwk' });
      for (const push of mine) {
        const [, jwt, k] = /^vapid t=([^,]+), k=(.+)$/.exec(push.headers.authorization ?? '') ?? [];
        expect(k).toBe(vapidKey);
        const [header, claims, signature] = jwt!.split('.') as [string, string, string];
        expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({ aud: pushService.url, sub: site.config.push.vapidSubject });
        expect(verify('sha256', Buffer.from(`${header}.${claims}`), { key: verifier, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))).toBe(true);
      }
    },
    SLOW,
  );
});
