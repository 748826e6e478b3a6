import { z } from 'zod';

/** The key the demo ships with; the Clear Database card shows it only while it is this. */
export const DEFAULT_CLEAR_DATABASE_KEY = 'clear-demo-league';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/** Whether Intl knows this zone name. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());

const configSchema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_URL: optionalText,
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./.data')),
  SEED: z.preprocess(emptyAsUndefined, z.enum(['demo', 'none']).default('none')),
  SITE_NAME: z.preprocess(emptyAsUndefined, z.string().default('Campus Elo')),
  /** The league's time zone: server-rendered pages show times in it until the visitor's own takes over (docs/decisions/0096). */
  SITE_TIME_ZONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('America/New_York')
      .refine((zone) => isTimeZone(zone), { message: 'must be an IANA time zone such as America/New_York' }),
  ),
  CURRENT_SEASON_ID: z.preprocess(emptyAsUndefined, z.uuid().optional()),
  CLEAR_DATABASE_KEY: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_CLEAR_DATABASE_KEY)),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  FACEIT_API_BASE: z.preprocess(emptyAsUndefined, z.url().default('https://open.faceit.com/data/v4')),
  FACEIT_API_KEY: optionalText,
  LEAGUESPOT_API_BASE: z.preprocess(emptyAsUndefined, z.url().default('https://api.leaguespot.gg/api/v1')),
  LEAGUESPOT_API_KEY: optionalText,
  LEAGUESPOT_LEAGUE_ID: optionalText,
  /** Time limit for one call to Faceit or Leaguespot. */
  PLATFORM_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(300_000).default(15_000)),
  DISCORD_WEBHOOK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Web Push (features/push): a VAPID key pair; unset, the server makes one and keeps it in the database. */
  PUSH_VAPID_PUBLIC_KEY: optionalText,
  PUSH_VAPID_PRIVATE_KEY: optionalText,
  /** Who push services may contact about our notifications: a mailto: or https: URL. */
  PUSH_VAPID_SUBJECT: z.preprocess(emptyAsUndefined, z.string().regex(/^(mailto:|https:\/\/)\S+$/).default('mailto:league@example.org')),
  /** Tests only: push endpoints on http://127.0.0.1 are taken (a local fake push service). */
  PUSH_ALLOW_LOCAL_ENDPOINTS: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  FACEIT_WEBHOOK_SECRET: optionalText,
  FACEIT_WEBHOOK_HEADER: z.preprocess(emptyAsUndefined, z.string().regex(/^[A-Za-z0-9-]+$/).default('X-Webhook-Secret')),
  /** Unset: every 120 s while a match is live or starts within the hour, else every 1800 s. 0: off. */
  SYNC_INTERVAL_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400).optional()),
  /** A running job whose worker has given no sign of life for this long is queued again. */
  JOB_STALE_AFTER_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(2).max(3600).default(30)),
  SANITY_PROJECT_ID: optionalText,
  SANITY_DATASET: z.preprocess(emptyAsUndefined, z.string().default('production')),
  SANITY_API_VERSION: z.preprocess(emptyAsUndefined, z.string().default('2025-08-13')),
  CONTENT_DATASET: optionalText,
  /** Bearer token that lets a caller of the local content endpoint read drafts (perspective=raw). */
  CONTENT_READ_TOKEN: optionalText,
  /** Time limit for one GROQ query that is not one of the site's own (features/content). */
  CONTENT_QUERY_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(10).max(60_000).default(2_000)),
  WEB_DIST: optionalText,
  /** 'off' turns the response cache of public reads off (the bench's second pass). */
  RESPONSE_CACHE: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).default('on')),
  RESPONSE_CACHE_MAX_MB: z.preprocess(emptyAsUndefined, z.coerce.number().positive().max(65_536).default(64)),
  /** Time a client has to send a whole request (headers and body), and its headers alone. */
  REQUEST_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3_600_000).default(60_000)),
  HEADERS_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(3_600_000).default(20_000)),
  /** Open connections one client address may hold; unset: 256, or none behind a proxy (TRUST_PROXY). 0: no cap. */
  MAX_CONNECTIONS_PER_ADDRESS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1_000_000).optional()),
  LOG_LEVEL: z.preprocess(emptyAsUndefined, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export type RawConfig = z.infer<typeof configSchema>;

/** The per-address connection cap when MAX_CONNECTIONS_PER_ADDRESS is unset and clients connect directly. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

export interface Config {
  port: number;
  host: string;
  /** Believe X-Forwarded-For (client address for sign-in limits) only behind a known proxy. */
  trustProxy: boolean;
  publicUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
  seed: 'demo' | 'none';
  siteName: string;
  siteTimeZone: string;
  currentSeasonId: string | undefined;
  clearDatabaseKey: string;
  /** The key the demo ships with: the Clear Database card shows it only while it is this. */
  clearDatabaseKeyIsDefault: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  faceit: { apiBase: string; apiKey: string | undefined };
  leaguespot: { apiBase: string; apiKey: string | undefined; leagueId: string | undefined };
  /** Time limit for one call to Faceit or Leaguespot. */
  platformTimeoutMs: number;
  /** Where completed results and new ranking snapshots are posted; unset, nothing is posted. */
  discordWebhookUrl: string | undefined;
  /** Web Push: configured VAPID keys (else the database's), the contact subject, and whether http://127.0.0.1 endpoints are taken (tests). */
  push: { vapidPublicKey: string | undefined; vapidPrivateKey: string | undefined; vapidSubject: string; allowLocalEndpoints: boolean };
  /** FACEIT webhooks: the shared secret (unset: every delivery is refused) and the header that carries it. */
  faceitWebhook: { secret: string | undefined; header: string };
  /** The scheduled sync: 'adaptive' (120 s while a match is live or near, else 1800 s), a fixed number of seconds, or 'off'. */
  syncInterval: 'adaptive' | 'off' | number;
  /** A running job whose heartbeat is older than this is handed back to the queue (features/jobs). */
  jobStaleAfterMs: number;
  sanity: { projectId: string | undefined; dataset: string; apiVersion: string };
  /** NDJSON file of posts for the local content endpoint; defaults to the demo dataset. */
  contentDataset: string | undefined;
  /** The local content endpoint: the token that shows drafts (unset: nobody sees them), and the time limit of a query off the main thread. */
  content: { readToken: string | undefined; queryTimeoutMs: number };
  webDist: string | undefined;
  /** Anonymous public reads answered from memory, at most maxBytes of them (http/response-cache.ts). */
  responseCache: { enabled: boolean; maxBytes: number };
  /** Limits of the HTTP server itself (http/http-server.ts): slow clients and connection hoarding. */
  http: { requestTimeoutMs: number; headersTimeoutMs: number; maxConnectionsPerAddress: number };
  logLevel: RawConfig['LOG_LEVEL'];
}


export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  // Node refuses a headers timeout past the request timeout; say which variables clash instead.
  if (c.HEADERS_TIMEOUT_MS > c.REQUEST_TIMEOUT_MS) throw new Error('Invalid configuration: HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS');
  if ((c.PUSH_VAPID_PUBLIC_KEY === undefined) !== (c.PUSH_VAPID_PRIVATE_KEY === undefined)) {
    throw new Error('Invalid configuration: PUSH_VAPID_PUBLIC_KEY and PUSH_VAPID_PRIVATE_KEY: set both or neither');
  }
  const trustProxy = c.TRUST_PROXY === 'true';
  return {
    port: c.PORT,
    host: c.HOST,
    trustProxy,
    publicUrl: c.PUBLIC_URL,
    databaseUrl: c.DATABASE_URL,
    dataDir: c.DATA_DIR,
    seed: c.SEED,
    siteName: c.SITE_NAME,
    siteTimeZone: c.SITE_TIME_ZONE,
    currentSeasonId: c.CURRENT_SEASON_ID,
    clearDatabaseKey: c.CLEAR_DATABASE_KEY,
    clearDatabaseKeyIsDefault: c.CLEAR_DATABASE_KEY === DEFAULT_CLEAR_DATABASE_KEY,
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    faceit: { apiBase: c.FACEIT_API_BASE, apiKey: c.FACEIT_API_KEY },
    leaguespot: { apiBase: c.LEAGUESPOT_API_BASE, apiKey: c.LEAGUESPOT_API_KEY, leagueId: c.LEAGUESPOT_LEAGUE_ID },
    platformTimeoutMs: c.PLATFORM_TIMEOUT_MS,
    discordWebhookUrl: c.DISCORD_WEBHOOK_URL,
    push: {
      vapidPublicKey: c.PUSH_VAPID_PUBLIC_KEY,
      vapidPrivateKey: c.PUSH_VAPID_PRIVATE_KEY,
      vapidSubject: c.PUSH_VAPID_SUBJECT,
      allowLocalEndpoints: c.PUSH_ALLOW_LOCAL_ENDPOINTS === 'true',
    },
    faceitWebhook: { secret: c.FACEIT_WEBHOOK_SECRET, header: c.FACEIT_WEBHOOK_HEADER },
    syncInterval: c.SYNC_INTERVAL_SECONDS === undefined ? 'adaptive' : c.SYNC_INTERVAL_SECONDS === 0 ? 'off' : c.SYNC_INTERVAL_SECONDS,
    jobStaleAfterMs: c.JOB_STALE_AFTER_SECONDS * 1000,
    sanity: { projectId: c.SANITY_PROJECT_ID, dataset: c.SANITY_DATASET, apiVersion: c.SANITY_API_VERSION },
    contentDataset: c.CONTENT_DATASET,
    content: { readToken: c.CONTENT_READ_TOKEN, queryTimeoutMs: c.CONTENT_QUERY_TIMEOUT_MS },
    webDist: c.WEB_DIST,
    responseCache: { enabled: c.RESPONSE_CACHE === 'on', maxBytes: Math.round(c.RESPONSE_CACHE_MAX_MB * 1024 * 1024) },
    http: {
      requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: c.HEADERS_TIMEOUT_MS,
      // Behind a proxy every connection comes from the proxy's address: the proxy bounds clients.
      maxConnectionsPerAddress: c.MAX_CONNECTIONS_PER_ADDRESS ?? (trustProxy ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS),
    },
    logLevel: c.LOG_LEVEL,
  };
}
