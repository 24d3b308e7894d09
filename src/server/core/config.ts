import path from 'node:path';
import { z } from 'zod';
import { appPath } from './app-root';

// 0 asks the OS for a free port (used by tests).
const ZPort = z.coerce.number().int().min(0).max(65_535);
const ZPostgresUrl = z
  .string()
  .url()
  .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://');

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: ZPort.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: ZPostgresUrl.optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  PUBLIC_HTTPS: z.enum(['true', 'false']).default('false'),
  // true = one proxy hop; a number = that many proxies in front of Darsi (decision 008).
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9])$/, 'must be true, false or a number of proxies (0-9)')
    .default('false'),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Darsi <no-reply@darsi.local>'),
  ADMIN_BOOTSTRAP_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  CODES_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  // The e2e suite's session minting (decision 134): NODE_ENV=test only, refused anywhere else.
  E2E_SESSIONS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SAVE_MISSING_TRANSLATIONS: z.enum(['true', 'false']).default('false'),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  // Rendered landing pages written as files for nginx to serve (decision 220); unset: none written.
  LANDING_FILES_DIR: z.string().min(1).optional(),
  // The overload guard (decision 111): how long a request may wait for its turn, the event-loop delay that
  // refuses new requests (0: off), and how many requests of each class run at once (0: no limit).
  OVERLOAD_MAX_WAIT_MS: z.coerce.number().int().min(50, 'must be at least 50').default(2_000),
  OVERLOAD_MAX_LAG_MS: z.coerce.number().int().min(0).default(1_000),
  OVERLOAD_AUTH_CONCURRENCY: z.coerce.number().int().min(0).default(64),
  OVERLOAD_WRITE_CONCURRENCY: z.coerce.number().int().min(0).default(16),
  OVERLOAD_READ_CONCURRENCY: z.coerce.number().int().min(0).default(32),
  OVERLOAD_VIDEO_CONCURRENCY: z.coerce.number().int().min(0).default(64),
  // Live sessions (decision 070): checked by the live domain, never at start, so a wrong value cannot stop Darsi.
  JITSI_DOMAIN: z.string().optional(),
  JITSI_APP_ID: z.string().optional(),
  JITSI_APP_SECRET: z.string().optional(),
  JAAS_APP_ID: z.string().optional(),
  JAAS_KEY_ID: z.string().optional(),
  JAAS_PRIVATE_KEY: z.string().optional(),
  // Removing a replaced device from a self-hosted Jitsi room (decision 141): Prosody's mod_muc_kick_participant.
  JITSI_KICK_URL: z.string().url().optional(),
  JITSI_ASAP_KEY_ID: z.string().min(1).optional(),
  JITSI_ASAP_PRIVATE_KEY: z.string().optional(),
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024, 'must be at least 1 MiB')
    .default(4 * 1024 ** 3),
  VIDEO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Darsi's own plans (decision 100): the card key of Darsi's Chargily account and where transfers go.
  CHARGILY_SECRET_KEY: z
    .string()
    .regex(/^(test|live)_sk_/, 'must start with test_sk_ or live_sk_')
    .optional(),
  BILLING_TRANSFER_HOLDER: z.string().min(1).optional(),
  BILLING_CCP_ACCOUNT: z.string().min(1).optional(),
  BILLING_RIP: z.string().min(1).optional(),
  BILLING_BARIDIMOB: z.string().min(1).optional(),
  PAYMENTS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Seals the VAPID private key of web push in the database (decision 228).
  PUSH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Chargily Pay v2 (issue 13): another API base for both modes (a local stand-in); unset is Chargily itself.
  CHARGILY_API_BASE: z.string().url().optional(),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Main domain teachers' subdomains hang off, e.g. "darsi.dz" or "localhost:3000". */
  publicHost: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  webDistDir: string;
  /** Served over HTTPS (directly or behind a proxy): cookies get `Secure`. */
  publicHttps: boolean;
  /**
   * How many reverse proxies stand in front of Darsi (0: none). The client IP is the entry of
   * X-Forwarded-For that the outermost trusted proxy appended, never one the client wrote.
   */
  trustProxy: number;
  /** Undefined means: generated once and kept in the data directory (never in production). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminBootstrapToken: string | undefined;
  /** Keys activation codes (HMAC for lookup, AES-GCM for re-export); undefined means generated into the data directory. */
  codesSecret: string | undefined;
  /** Chromium used to print code cards as PDF. */
  chromiumPath: string;
  /** Development with Vite: accept i18next's reports of missing keys (POST /locales/add/{lng}/{ns}). */
  saveMissingTranslations: boolean;
  /** Bearer token for GET /metrics (Prometheus); without it /metrics does not exist. */
  metricsToken: string | undefined;
  /** Where cached landing pages are written for nginx to serve (decision 220); undefined: nowhere. */
  landingFilesDir: string | undefined;
  /** Set only under NODE_ENV=test: the key of the e2e suite's session minting (decision 134). */
  e2eSessionsKey: string | undefined;
  /** Admission control in front of the API (core/overload.ts, decision 111). */
  overload: TOverloadSettings;
  /** The meeting service for live sessions; all unset means external links (decision 070). */
  live: {
    jitsiDomain: string | undefined;
    jitsiAppId: string | undefined;
    jitsiAppSecret: string | undefined;
    jaasAppId: string | undefined;
    jaasKeyId: string | undefined;
    jaasPrivateKey: string | undefined;
    /** PUT endpoint of mod_muc_kick_participant, and the ASAP key (RS256) its requests are signed with. */
    kickUrl: string | undefined;
    asapKeyId: string | undefined;
    asapPrivateKey: string | undefined;
  };
  /** Largest lesson video accepted by the tus endpoint, in bytes. */
  videoMaxBytes: number;
  /** Signs playback tokens and encrypts the video keys at rest; undefined means generated into the data directory. */
  videoSecret: string | undefined;
  ffmpegPath: string;
  ffprobePath: string;
  /** S3-compatible storage for processed video when S3_BUCKET is set; otherwise DATA_DIR/video on local disk. */
  s3: { endpoint: string | undefined; bucket: string; region: string; accessKeyId: string; secretAccessKey: string } | null;
  /** Darsi's own plans: its Chargily key (mode from the prefix) and its transfer details, each optional. */
  billing: {
    chargilySecretKey: string | undefined;
    transfer: { holder: string | undefined; ccpAccount: string | undefined; rip: string | undefined; baridimob: string | undefined };
  };
  /** Encrypts the teachers' payment-provider keys at rest; undefined means generated into the data directory. */
  paymentsSecret: string | undefined;
  /** Chargily API base for both modes (a stand-in); undefined means pay.chargily.net. */
  chargilyApiBase: string | undefined;
  /** Encrypts the web push VAPID private key at rest (decision 228); undefined means generated into the data directory. */
  pushSecret: string | undefined;
};

/** The overload guard's route classes with a limit of their own (core/overload.ts). */
export type TOverloadClass = 'auth' | 'write' | 'read' | 'video';

export type TOverloadSettings = {
  /** Longest a request may wait for its turn, in ms; also the CoDel interval. */
  maxWaitMs: number;
  /** Event-loop delay above which new requests get 503, in ms; 0 turns the rule off. */
  maxLagMs: number;
  /** Requests of each class in progress at once; 0 means no limit. */
  concurrency: Record<TOverloadClass, number>;
};

/** A start-up failure the operator can fix: main.ts prints its message as one line, without a stack. */
export class StartupError extends Error {}
export class ConfigError extends StartupError {}

/** Every variable Darsi reads; README.md and .env.example must document each one (config.test.ts). */
export const ENV_VARIABLES = Object.keys(ZEnv.shape);

type TEnv = z.infer<typeof ZEnv>;

/** Settings that would be unsafe together, as "NAME: why", or null. */
function unsafeSetting(e: TEnv): string | null {
  const production = e.NODE_ENV === 'production';
  const rules: Array<[boolean, string]> = [
    [production && !e.BETTER_AUTH_SECRET, 'BETTER_AUTH_SECRET: required in production'],
    // Anyone holding this key signs in as anyone: it exists for the e2e suite only (decision 134).
    [e.NODE_ENV !== 'test' && !!e.E2E_SESSIONS_KEY, 'E2E_SESSIONS_KEY: NODE_ENV=test only; it signs in as any account'],
    [production && e.SAVE_MISSING_TRANSLATIONS === 'true', 'SAVE_MISSING_TRANSLATIONS: development only, it writes to disk'],
    [production && !e.CODES_SECRET, 'CODES_SECRET: required in production'],
    [production && !e.VIDEO_SECRET, 'VIDEO_SECRET: required in production'],
    [production && !e.PAYMENTS_SECRET, 'PAYMENTS_SECRET: required in production'],
    [production && !e.PUSH_SECRET, 'PUSH_SECRET: required in production'],
    // A test key in production let plans be "paid" on Chargily's test page and counted as revenue (issue 23,
    // decision 110): Darsi's own key must be a live one there.
    [production && !!e.CHARGILY_SECRET_KEY?.startsWith('test_sk_'), 'CHARGILY_SECRET_KEY: a test_sk_ key is refused in production; use the live_sk_ key'],
    [!!e.S3_BUCKET && (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY), 'S3_ACCESS_KEY_ID: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY'],
  ];
  return rules.find(([unsafe]) => unsafe)?.[1] ?? null;
}

/** Validates the environment once at start; a bad value names the variable instead of failing later. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? 'invalid value'}`);
  }
  const e = parsed.data;
  const refused = unsafeSetting(e);
  if (refused) throw new ConfigError(`Invalid environment variable ${refused}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicHost: e.PUBLIC_HOST ?? `localhost:${e.PORT}`,
    // A value given by the operator is relative to where they started Darsi; the defaults live in its folder.
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : appPath('data'),
    databaseUrl: e.DATABASE_URL,
    // Demo accounts with a published password must never reach production.
    seedDemo: e.NODE_ENV !== 'production' && (e.SEED_DEMO === 'true' || (!e.DATABASE_URL && e.SEED_DEMO !== 'false')),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : appPath('dist', 'web'),
    publicHttps: e.PUBLIC_HTTPS === 'true',
    trustProxy: e.TRUST_PROXY === 'true' ? 1 : e.TRUST_PROXY === 'false' ? 0 : Number(e.TRUST_PROXY),
    authSecret: e.BETTER_AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminBootstrapToken: e.ADMIN_BOOTSTRAP_TOKEN,
    codesSecret: e.CODES_SECRET,
    chromiumPath: e.CHROMIUM_PATH,
    saveMissingTranslations: e.SAVE_MISSING_TRANSLATIONS === 'true',
    metricsToken: e.METRICS_TOKEN,
    landingFilesDir: e.LANDING_FILES_DIR ? path.resolve(e.LANDING_FILES_DIR) : undefined,
    e2eSessionsKey: e.NODE_ENV === 'test' ? e.E2E_SESSIONS_KEY : undefined,
    overload: {
      maxWaitMs: e.OVERLOAD_MAX_WAIT_MS,
      maxLagMs: e.OVERLOAD_MAX_LAG_MS,
      concurrency: {
        auth: e.OVERLOAD_AUTH_CONCURRENCY,
        write: e.OVERLOAD_WRITE_CONCURRENCY,
        read: e.OVERLOAD_READ_CONCURRENCY,
        video: e.OVERLOAD_VIDEO_CONCURRENCY,
      },
    },
    live: {
      jitsiDomain: e.JITSI_DOMAIN,
      jitsiAppId: e.JITSI_APP_ID,
      jitsiAppSecret: e.JITSI_APP_SECRET,
      jaasAppId: e.JAAS_APP_ID,
      jaasKeyId: e.JAAS_KEY_ID,
      jaasPrivateKey: e.JAAS_PRIVATE_KEY,
      kickUrl: e.JITSI_KICK_URL,
      asapKeyId: e.JITSI_ASAP_KEY_ID,
      asapPrivateKey: e.JITSI_ASAP_PRIVATE_KEY,
    },
    videoMaxBytes: e.VIDEO_MAX_BYTES,
    videoSecret: e.VIDEO_SECRET,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { endpoint: e.S3_ENDPOINT, bucket: e.S3_BUCKET, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    billing: {
      chargilySecretKey: e.CHARGILY_SECRET_KEY,
      transfer: { holder: e.BILLING_TRANSFER_HOLDER, ccpAccount: e.BILLING_CCP_ACCOUNT, rip: e.BILLING_RIP, baridimob: e.BILLING_BARIDIMOB },
    },
    paymentsSecret: e.PAYMENTS_SECRET,
    chargilyApiBase: e.CHARGILY_API_BASE?.replace(/\/+$/, ''),
    pushSecret: e.PUSH_SECRET,
  };
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}
