import { LIMITS, toAsciiDigits } from '@platform/contract';
import { buildInfo, developmentSecret, weakSecret, type BuildInfo } from '@platform/contract/node';
import { createPrivateKey, hkdfSync, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The one validated configuration of the API, read from the environment at start. */
export interface AppConfig {
  /** The release this process runs: semantic version and git commit (APP_COMMIT, build-info.json or git). */
  build: BuildInfo;
  production: boolean;
  nodeEnv: string;
  host: string;
  port: number;
  dataDir: string;
  uploadsDir: string;
  /** PostgreSQL server; undefined means the embedded PGlite in `${dataDir}/db`. */
  databaseUrl?: string;
  jwtSecret: string;
  sessionTtlDays: number;
  /** A staff session unused this long ends (every authenticated call extends it). */
  staffIdleMinutes: number;
  /** A member session unused this many days ends (MEMBER_IDLE_DAYS, 7; at most SESSION_TTL_DAYS). */
  memberIdleDays: number;
  /** Serve the OpenAPI description at /api/docs (always outside production; API_DOCS=1 in production). */
  apiDocs: boolean;
  adminEmail?: string;
  adminPassword?: string;
  /**
   * Two-factor sign-in of staff: adminRequired (ADMIN_REQUIRE_2FA) sends an admin without it to
   * enrolment; issuer is the name authenticator apps show; secretKey encrypts the stored secrets
   * (derived from JWT_SECRET unless TWO_FACTOR_KEY is given).
   */
  twoFactor: { adminRequired: boolean; issuer: string; secretKey: Buffer };
  demo: boolean;
  logLevel: string;
  memberUrl: string;
  adminDist: string;
  /** Whether the back-office's source maps are served (development, or SOURCE_MAPS=1). */
  sourceMaps: boolean;
  /**
   * signinPerMinute: attempts per account per minute (every attempt counts); failedPerAddress: failed
   * attempts per client address per minute (a success does not count); codesPerHour: codes sent to one account.
   */
  rateLimit: { signinPerMinute: number; failedPerAddress: number; codesPerHour: number };
  /** Live leaderboard streams (server-sent events) this process holds at once; over it, a 503 with Retry-After. */
  leaderboardStreams: number;
  /** Proxies in front of the API whose X-Forwarded-For entries are believed, counted from the right (0: the socket). */
  trustProxyHops: number;
  /** Shared with the member server, which forwards its browser's address with it (X-Member-Proxy-Secret). */
  memberProxySecret: string;
  /** METRICS_TOKEN: the bearer token a Prometheus scrape of /metrics sends; unset, /metrics answers 404. */
  metricsToken?: string;
  /** Password hashes computed at once; more wait in a queue. */
  passwordHashConcurrency: number;
  /** The password hashes' cost: production's, or argon2id's smallest in test runs (PASSWORD_HASH_COST). */
  passwordHashCost: 'owasp' | 'test';
  /** API processes on this machine (node:cluster): the number of cores in production, 1 otherwise. */
  webConcurrency: number;
  /** Whether this process runs the background jobs (outbox, payment reconciliation): one process per machine. */
  runJobs: boolean;
  otp: { length: number; ttlMinutes: number; maxTries: number };
  /** brand: the federation's name atop every e-mail (MAIL_BRAND, else MAIL_FROM's display name); logoUrl: MAIL_LOGO_URL. */
  mail: { smtpUrl?: string; from: string; brand: string; logoUrl?: string };
  /**
   * WhatsApp Cloud API. templateNames: a message kind's approved template when its name differs from
   * the kind (WHATSAPP_TEMPLATE_NAMES=team_approved=wro_team_approved,…); templateLanguages: the
   * template language used for each member language (WHATSAPP_TEMPLATE_LANGUAGES=ar=ar,en=en_US).
   * appSecret: the Meta app's secret, which signs the status webhooks (X-Hub-Signature-256);
   * verifyToken: what Meta sends back when the webhook is registered (hub.verify_token). Both are
   * required in production; without them (development) the webhook route refuses everything.
   */
  whatsapp?: {
    apiUrl: string;
    phoneNumberId: string;
    token: string;
    templateNames: Record<string, string>;
    templateLanguages: Record<'ar' | 'en', string>;
    appSecret?: string;
    verifyToken?: string;
  };
  outboxPollMs: number;
  /**
   * On SIGTERM, how long the process keeps serving with its readiness failing before it stops
   * accepting (SHUTDOWN_DRAIN_MS; 3000 in production, 0 otherwise): the load balancer's checks see
   * it draining and send new requests elsewhere first.
   */
  shutdownDrainMs: number;
  /**
   * Messages per second the outbox sends on each channel, counted across every process
   * (OUTBOX_WHATSAPP_PER_SECOND, OUTBOX_EMAIL_PER_SECOND); 0: no limit. In production 20 and 10 unless
   * set: under the WhatsApp Cloud API's default 80 a second and a common mail relay's 14.
   */
  outboxRate: { whatsapp: number; email: number };
  /** Where a browser reaches this API (the sandbox payment page is served from it). */
  publicUrl: string;
  payments: {
    /** Telr's hosted payment page; undefined means the built-in sandbox. */
    telr?: {
      storeId: string;
      authKey: string;
      testMode: boolean;
      apiUrl: string;
      /** Telr's transaction (remote) API, for refunds, and its key (TELR_REMOTE_KEY, else TELR_AUTH_KEY). */
      remoteUrl: string;
      remoteKey: string;
      /** Telr's transaction services (XML), where the transactions linked to a payment are read. */
      toolsUrl: string;
    };
    /** How often pending orders are asked about again. */
    reconcileMs: number;
    /** A pending order older than this is asked once more, then marked expired. */
    expiryMinutes: number;
    /** A payment held (authorised, not captured) longer than this many days is marked expired. */
    holdDays: number;
    /** VAT shown on invoices (prices include it); 0 shows no VAT line. */
    vatPercent: number;
    /** The seller named on invoices. */
    seller: { name: string; nameEn: string; vatNumber: string };
  };
  /**
   * ZATCA Phase 2 (issue 34): Fatoora's API, the unit's production CSID (the certificate as ZATCA's
   * binarySecurityToken and its secret) and the stamp's private key (secp256k1, PEM). Undefined
   * without a key and certificate: documents stay Phase 1 (development, tests that do not onboard).
   */
  zatca: {
    apiUrl: string;
    /** A one-time password from the Fatoora portal, for onboarding and renewal. */
    otp?: string;
    credentials?: { privateKey: KeyObject; binarySecurityToken: string; secret: string };
    pollMs: number;
    /** The seller's address and commercial registration number written in every document. */
    seller: { crn: string; street: string; building: string; district: string; city: string; postalCode: string };
  };
  /**
   * Certificates (issue 33): the federation named as their issuer, and the Ed25519 key (its 32-byte
   * seed) that signs their Open Badges credentials, from CERTIFICATE_SIGNING_KEY (base64url of 32
   * bytes) or derived from JWT_SECRET.
   */
  certificates: { issuer: { name: string; nameEn: string }; signingSeed: Buffer };
  /** What one member may upload: requests per minute, bytes kept, and how large a picture may be. */
  uploads: { perMinute: number; quotaBytes: number; maxPixels: number };
  /** Where uploaded files live: an S3-compatible bucket when `s3` is set, DATA_DIR otherwise. */
  storage: { s3?: S3Settings };
  /** External results sites the API may read: their host names, and whether private addresses are allowed (tests only). */
  results: { allowedHosts: string[]; allowPrivateAddresses: boolean };
  /** The external learning provider (Odoo eLearning); null hides the courses. */
  courses: { url: string; db: string; apiKey: string; login: string } | null;
  /**
   * What is kept how long (docs/retention.md). unverifiedHours: a member's own sign-up waiting for its
   * phone to be verified; signupsPerIdPerDay: new unverified sign-ups naming one national ID in 24
   * hours; sessionDays: an ended session's row (its address and browser); messageDays: the text of a
   * message sent or given up; uploadHours: a temporary upload file left behind; everyMinutes: how
   * often the retention pass runs (once, whatever the number of processes).
   */
  retention: {
    unverifiedHours: number;
    signupsPerIdPerDay: number;
    sessionDays: number;
    messageDays: number;
    uploadHours: number;
    everyMinutes: number;
  };
  /**
   * Members' privacy requests (api/src/privacy): deletionDays between asking for a deletion and the
   * deletion (time to change one's mind); exportDays a prepared copy of one's data can be downloaded.
   */
  privacy: { deletionDays: number; exportDays: number };
}

/** An S3-compatible bucket for the uploads (S3_* settings). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

/** Every problem of one environment, found in one pass (its message: one line per problem). */
export class ConfigErrors extends ConfigError {
  constructor(readonly errors: ConfigError[]) {
    super(errors[0].variable, errors[0].problem);
    this.message = errors.map((e) => e.message).join('\n');
    this.name = 'ConfigErrors';
  }
}

/** The problems found so far while loadConfig runs (it reports them all at its end), else null. */
let found: ConfigError[] | null = null;

/** Records a problem of the setting (thrown at once outside loadConfig); the caller goes on with a stand-in. */
function fail(variable: string, problem: string): void {
  const error = new ConfigError(variable, problem);
  if (!found) throw error;
  if (!found.some((e) => e.message === error.message)) found.push(error);
}

/** The repository root: the folder whose package.json declares the workspaces. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && readFileSync(pkg, 'utf8').includes('"workspaces"')) return dir;
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    fail(name, `must be a whole number, got "${raw}"`);
    return fallback;
  }
  const n = Number(raw);
  if (n < min || n > max) {
    fail(name, `must be between ${min} and ${max}, got ${n}`);
    return fallback;
  }
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  fail(name, `must be 1/0 or true/false, got "${raw}"`);
  return fallback;
}

function url(env: Env, name: string, fallback?: string): string | undefined {
  const raw = env[name] || fallback;
  if (!raw) return undefined;
  try {
    new URL(raw);
  } catch {
    fail(name, `must be a URL, got "${raw}"`);
    return fallback;
  }
  return raw;
}

/**
 * Secrets not given are generated once and kept in the data folder (never in production). At least 32
 * characters; in production also not weak (repeated or low-entropy: weakSecret).
 */
function secret(env: Env, name: string, dataDir: string, production: boolean): string {
  const given = env[name];
  if (given) {
    const weakness = production
      ? weakSecret(given)
      : given.length < 32
        ? 'must be at least 32 characters long'
        : undefined;
    if (weakness) fail(name, weakness);
    return given;
  }
  if (production) {
    fail(name, 'is required when NODE_ENV=production');
    return '';
  }
  return developmentSecret(name, dataDir);
}

/**
 * PASSWORD_HASH_COST: `owasp` (production's cost, the default), or `test`: the same argon2id at its
 * smallest cost, so that test runs do not spend most of a sign-in hashing. Only where NODE_ENV=test.
 */
function passwordHashCost(env: Env, nodeEnv: string): 'owasp' | 'test' {
  const raw = env.PASSWORD_HASH_COST || 'owasp';
  if (raw !== 'owasp' && raw !== 'test') {
    fail('PASSWORD_HASH_COST', `must be owasp or test, got "${raw}"`);
    return 'owasp';
  }
  if (raw === 'test' && nodeEnv !== 'test') {
    fail('PASSWORD_HASH_COST', `test is only for NODE_ENV=test, got NODE_ENV=${nodeEnv}`);
    return 'owasp';
  }
  return raw;
}

/**
 * The API's configuration from the environment, checked whole: every problem is reported at once
 * (a ConfigErrors listing them all), so an operator fixes them in one go (`npm run ops -- check-config`).
 */
export function loadConfig(env: Env = process.env): AppConfig {
  found = [];
  try {
    const config = readConfig(env);
    if (found.length) throw new ConfigErrors(found);
    return config;
  } finally {
    found = null;
  }
}

function readConfig(env: Env): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const root = repoRoot();
  const dataDir = resolve(root, env.DATA_DIR || 'data');
  const databaseUrl = url(env, 'DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:/.test(databaseUrl)) {
    fail('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) {
    fail('ADMIN_EMAIL', `must be an e-mail address, got "${adminEmail}"`);
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword && adminPassword.length < LIMITS.passwordMin) {
    fail('ADMIN_PASSWORD', `must be at least ${LIMITS.passwordMin} characters long`);
  }
  if (production && !databaseUrl) fail('DATABASE_URL', 'is required when NODE_ENV=production');
  // Links in messages and pages point there: localhost would be wrong for every member.
  for (const name of ['MEMBER_URL', 'PUBLIC_API_URL'])
    if (production && !env[name]) fail(name, 'is required when NODE_ENV=production (the public https:// address)');
  const logLevel = env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    fail('LOG_LEVEL', `must be one of fatal, error, warn, info, debug, trace, silent`);
  }
  const port = int(env, 'API_PORT', 4000, 1, 65535);
  const webConcurrency = int(env, 'WEB_CONCURRENCY', production ? availableParallelism() : 1, 1, 64);
  if (webConcurrency > 1 && !databaseUrl) {
    fail('WEB_CONCURRENCY', 'above 1 needs DATABASE_URL (the embedded database serves one process)');
  }
  const smtpUrl = url(env, 'SMTP_URL');
  if (smtpUrl && !/^smtps?:/.test(smtpUrl)) fail('SMTP_URL', 'must start with smtp:// or smtps://');
  const whatsappToken = env.WHATSAPP_TOKEN || undefined;
  const whatsappPhone = env.WHATSAPP_PHONE_NUMBER_ID || undefined;
  if (!!whatsappToken !== !!whatsappPhone) {
    fail(
      whatsappToken ? 'WHATSAPP_PHONE_NUMBER_ID' : 'WHATSAPP_TOKEN',
      'is required when the other WhatsApp setting is given',
    );
  }
  if (production && !smtpUrl) fail('SMTP_URL', 'is required when NODE_ENV=production');
  if (production && !whatsappToken) fail('WHATSAPP_TOKEN', 'is required when NODE_ENV=production');
  const whatsappAppSecret = env.WHATSAPP_APP_SECRET || undefined;
  const whatsappVerifyToken = env.WHATSAPP_VERIFY_TOKEN || undefined;
  for (const [name, value] of [
    ['WHATSAPP_APP_SECRET', whatsappAppSecret],
    ['WHATSAPP_VERIFY_TOKEN', whatsappVerifyToken],
  ] as const) {
    if (production && whatsappToken && !value)
      fail(name, 'is required when NODE_ENV=production (it secures the WhatsApp status webhook)');
    if (value && value.length < 16) fail(name, 'must be at least 16 characters long');
  }
  const mailFrom = env.MAIL_FROM || 'WRO Platform <no-reply@localhost>';
  const signinPerMinute = int(env, 'RATE_LIMIT_SIGNIN', 10, 1, 100000);
  const sessionTtlDays = int(env, 'SESSION_TTL_DAYS', 30, 1, 365);
  const jwtSecret = secret(env, 'JWT_SECRET', dataDir, production);
  const brand = env.MAIL_BRAND || /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom)?.[1] || 'WRO Platform';
  return {
    build: buildInfo(root, env),
    production,
    nodeEnv,
    host: env.HOST || '127.0.0.1',
    port,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl,
    jwtSecret,
    sessionTtlDays,
    leaderboardStreams: int(env, 'LEADERBOARD_STREAMS', 500, 1, 100_000),
    staffIdleMinutes: int(env, 'STAFF_IDLE_MINUTES', 30, 1, 1440),
    memberIdleDays: int(env, 'MEMBER_IDLE_DAYS', Math.min(7, sessionTtlDays), 1, sessionTtlDays),
    apiDocs: bool(env, 'API_DOCS', !production),
    adminEmail,
    adminPassword,
    twoFactor: {
      adminRequired: bool(env, 'ADMIN_REQUIRE_2FA', false),
      issuer: env.TWO_FACTOR_ISSUER || brand,
      secretKey: twoFactorKey(env, jwtSecret),
    },
    demo: bool(env, 'DEMO', !databaseUrl),
    logLevel,
    memberUrl: url(env, 'MEMBER_URL', `http://localhost:${env.PORT || 3000}`)!,
    adminDist: resolve(root, env.ADMIN_DIST || 'admin/dist'),
    sourceMaps: bool(env, 'SOURCE_MAPS', !production),
    rateLimit: {
      signinPerMinute,
      failedPerAddress: int(env, 'RATE_LIMIT_ADDRESS', signinPerMinute * 6, 1, 10_000_000),
      codesPerHour: int(env, 'RATE_LIMIT_CODES', 5, 1, 100000),
    },
    trustProxyHops: int(env, 'TRUST_PROXY_HOPS', 0, 0, 10),
    memberProxySecret: secret(env, 'MEMBER_PROXY_SECRET', dataDir, production),
    metricsToken: env.METRICS_TOKEN ? secret(env, 'METRICS_TOKEN', dataDir, production) : undefined,
    passwordHashConcurrency: int(env, 'PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
    passwordHashCost: passwordHashCost(env, nodeEnv),
    webConcurrency,
    // Set by the cluster's primary (main.ts) on all but one worker.
    runJobs: bool(env, 'API_WORKER_JOBS', true),
    uploads: {
      perMinute: int(env, 'RATE_LIMIT_UPLOADS', 10, 1, 100000),
      quotaBytes: int(env, 'UPLOAD_QUOTA_MB', 100, 1, 1_000_000) * 1024 * 1024,
      maxPixels: int(env, 'IMAGE_MAX_MEGAPIXELS', 25, 1, 268) * 1_000_000,
    },
    storage: { s3: s3Config(env) },
    results: resultsConfig(env, production),
    otp: {
      length: int(env, 'OTP_LENGTH', LIMITS.otpLength.default, LIMITS.otpLength.min, LIMITS.otpLength.max),
      ttlMinutes: 10,
      maxTries: 5,
    },
    mail: {
      smtpUrl,
      from: mailFrom,
      brand,
      logoUrl: url(env, 'MAIL_LOGO_URL', undefined),
    },
    whatsapp:
      whatsappToken && whatsappPhone
        ? {
            apiUrl: url(env, 'WHATSAPP_API_URL', 'https://graph.facebook.com/v21.0')!,
            phoneNumberId: whatsappPhone,
            token: whatsappToken,
            templateNames: pairs(env, 'WHATSAPP_TEMPLATE_NAMES', {}),
            templateLanguages: { ar: 'ar', en: 'en', ...pairs(env, 'WHATSAPP_TEMPLATE_LANGUAGES', {}) },
            appSecret: whatsappAppSecret,
            verifyToken: whatsappVerifyToken,
          }
        : undefined,
    outboxPollMs: int(env, 'OUTBOX_POLL_MS', 1000, 50, 600000),
    shutdownDrainMs: int(env, 'SHUTDOWN_DRAIN_MS', production ? 3000 : 0, 0, 120_000),
    outboxRate: {
      whatsapp: int(env, 'OUTBOX_WHATSAPP_PER_SECOND', production ? 20 : 0, 0, 10_000),
      email: int(env, 'OUTBOX_EMAIL_PER_SECOND', production ? 10 : 0, 0, 10_000),
    },
    courses: coursesConfig(env),
    publicUrl: url(env, 'PUBLIC_API_URL', `http://localhost:${port}`)!.replace(/\/+$/, ''),
    payments: {
      telr: telrConfig(env, production),
      reconcileMs: int(env, 'PAYMENT_RECONCILE_MS', 60_000, 100, 86_400_000),
      expiryMinutes: int(env, 'PAYMENT_EXPIRY_MINUTES', 60, 1, 10_080),
      holdDays: int(env, 'PAYMENT_HOLD_DAYS', 7, 1, 30),
      vatPercent: int(env, 'VAT_PERCENT', 15, 0, 100),
      seller: {
        name: env.SELLER_NAME || 'منصة المسابقات',
        nameEn: env.SELLER_NAME_EN || 'WRO Platform',
        vatNumber: vatNumber(env, production),
      },
    },
    zatca: zatcaConfig(env),
    certificates: {
      issuer: {
        name: env.CERTIFICATE_ISSUER || env.SELLER_NAME || 'منصة المسابقات',
        nameEn: env.CERTIFICATE_ISSUER_EN || env.SELLER_NAME_EN || 'WRO Platform',
      },
      signingSeed: signingSeed(env, jwtSecret),
    },
    retention: {
      unverifiedHours: int(env, 'UNVERIFIED_HOURS', 72, 1, 720),
      signupsPerIdPerDay: int(env, 'RATE_LIMIT_SIGNUP_ID', 3, 1, 100),
      sessionDays: int(env, 'RETENTION_SESSION_DAYS', 30, 1, 3650),
      messageDays: int(env, 'RETENTION_MESSAGE_DAYS', 90, 1, 3650),
      uploadHours: int(env, 'RETENTION_UPLOAD_HOURS', 24, 1, 720),
      everyMinutes: int(env, 'RETENTION_EVERY_MINUTES', 60, 1, 1440),
    },
    privacy: {
      deletionDays: int(env, 'PRIVACY_DELETION_DAYS', 7, 0, 90),
      exportDays: int(env, 'PRIVACY_EXPORT_DAYS', 7, 1, 30),
    },
  };
}

/**
 * The key that encrypts staff's two-factor secrets: TWO_FACTOR_KEY (32 characters or more) when given,
 * else derived from JWT_SECRET (HKDF), so nothing more is required. Changing it (or JWT_SECRET without
 * it) makes the stored secrets unreadable: staff then sign in with a recovery code or have an admin reset it.
 */
/**
 * The certificates' Ed25519 seed: CERTIFICATE_SIGNING_KEY (base64url, 32 bytes), else derived from
 * JWT_SECRET (HKDF) as the two-factor key is. Give it in production: changing JWT_SECRET would
 * otherwise change the key, and credentials signed before would no longer check.
 */
function signingSeed(env: Env, jwtSecret: string): Buffer {
  const given = env.CERTIFICATE_SIGNING_KEY;
  if (given) {
    const seed = Buffer.from(given, 'base64url');
    if (seed.length !== 32)
      throw new ConfigError('CERTIFICATE_SIGNING_KEY', 'must be 32 bytes in base64url (43 characters)');
    return seed;
  }
  return Buffer.from(hkdfSync('sha256', jwtSecret, '', 'certificate-signing-key', 32));
}

function twoFactorKey(env: Env, jwtSecret: string): Buffer {
  const given = env.TWO_FACTOR_KEY;
  if (given !== undefined && given !== '' && given.length < 32)
    fail('TWO_FACTOR_KEY', 'must be at least 32 characters long');
  return Buffer.from(hkdfSync('sha256', given || jwtSecret, '', 'staff-two-factor-secret', 32));
}

/**
 * SELLER_VAT_NUMBER: the seller's VAT registration number (15 digits, first and last 3) printed on
 * simplified tax invoices and in their QR code. Required in production; without it (development)
 * invoices say they are not tax invoices.
 */
function vatNumber(env: Env, production: boolean): string {
  const value = toAsciiDigits(env.SELLER_VAT_NUMBER ?? '').trim();
  if (!value) {
    if (production) fail('SELLER_VAT_NUMBER', 'is required when NODE_ENV=production');
    return '';
  }
  if (!/^3\d{13}3$/.test(value)) fail('SELLER_VAT_NUMBER', 'must be 15 digits starting and ending with 3');
  return value;
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3-compatible bucket for uploaded files: all five S3_* settings, or none (the local disk). */
function s3Config(env: Env): S3Settings | undefined {
  const given = S3_VARIABLES.filter((name) => env[name]);
  if (!given.length) return undefined;
  const missing = S3_VARIABLES.find((name) => !env[name]);
  if (missing) {
    fail(missing, `is required when ${given[0]} is given`);
    return undefined;
  }
  const bucket = env.S3_BUCKET!;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    fail('S3_BUCKET', `must be a bucket name (3-63 lower-case letters, digits, dots, hyphens), got "${bucket}"`);
  }
  return {
    endpoint: url(env, 'S3_ENDPOINT')!,
    bucket,
    region: env.S3_REGION!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', false),
  };
}

/** TELR_STORE_ID and TELR_AUTH_KEY together, or neither (the sandbox provider, refused in production). */
function telrConfig(env: Env, production: boolean): AppConfig['payments']['telr'] {
  const storeId = env.TELR_STORE_ID || undefined;
  const authKey = env.TELR_AUTH_KEY || undefined;
  if (!!storeId !== !!authKey) {
    fail(storeId ? 'TELR_AUTH_KEY' : 'TELR_STORE_ID', 'is required when the other Telr setting is given');
  }
  if (!storeId || !authKey) {
    if (production) fail('TELR_STORE_ID', 'is required when NODE_ENV=production');
    return undefined;
  }
  const apiUrl = url(env, 'TELR_API_URL', 'https://secure.telr.com/gateway/order.json')!;
  return {
    storeId,
    authKey,
    testMode: bool(env, 'TELR_TEST_MODE', !production),
    apiUrl,
    // The transaction (remote) API, for refunds: beside order.json unless given.
    remoteUrl: url(env, 'TELR_REMOTE_URL', apiUrl.replace(/order\.json$/, 'remote.xml'))!,
    remoteKey: env.TELR_REMOTE_KEY || authKey,
    // The transaction services (a refund's outcome after a lost answer): on the API's host unless given.
    toolsUrl: url(env, 'TELR_TOOLS_URL', new URL('/tools/api/xml', apiUrl).toString())!,
  };
}

/** ZATCA_*: Fatoora's address, the unit's CSID and key (both or neither), the seller's address. */
function zatcaConfig(env: Env): AppConfig['zatca'] {
  const apiUrl = url(env, 'ZATCA_API_URL', 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation')!.replace(
    /\/+$/,
    '',
  );
  const key = env.ZATCA_PRIVATE_KEY || '';
  const token = env.ZATCA_CSID || '';
  const secretValue = env.ZATCA_CSID_SECRET || '';
  let credentials: AppConfig['zatca']['credentials'];
  if (key || token || secretValue) {
    if (!key || !token || !secretValue) {
      fail(
        key ? (token ? 'ZATCA_CSID_SECRET' : 'ZATCA_CSID') : 'ZATCA_PRIVATE_KEY',
        'is required when another ZATCA credential is given',
      );
    } else {
      try {
        const pem = key.includes('-----BEGIN') ? key : Buffer.from(key, 'base64').toString('utf8');
        const privateKey = createPrivateKey(pem);
        if (privateKey.asymmetricKeyDetails?.namedCurve !== 'secp256k1') throw new Error('not secp256k1');
        credentials = { privateKey, binarySecurityToken: token, secret: secretValue };
      } catch {
        fail('ZATCA_PRIVATE_KEY', 'must be a secp256k1 private key in PEM (or base64 of the PEM)');
      }
    }
  }
  return {
    apiUrl,
    otp: env.ZATCA_OTP || undefined,
    credentials,
    pollMs: int(env, 'ZATCA_POLL_MS', 30_000, 100, 86_400_000),
    seller: {
      crn: env.SELLER_CRN || '',
      street: env.SELLER_STREET || '',
      building: env.SELLER_BUILDING || '',
      district: env.SELLER_DISTRICT || '',
      city: env.SELLER_CITY || '',
      postalCode: env.SELLER_POSTAL_CODE || '',
    },
  };
}

/**
 * RESULTS_ALLOWED_HOSTS: the host names (comma-separated, lower-cased) of external results sites.
 * RESULTS_ALLOW_PRIVATE_ADDRESSES lets them resolve to loopback or private addresses: for tests and a
 * developer's machine only, refused in production.
 */
function resultsConfig(env: Env, production: boolean): AppConfig['results'] {
  const allowedHosts = (env.RESULTS_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const bad = allowedHosts.find((h) => !/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(h));
  if (bad) fail('RESULTS_ALLOWED_HOSTS', `must be host names separated by commas, got "${bad}"`);
  const allowPrivateAddresses = bool(env, 'RESULTS_ALLOW_PRIVATE_ADDRESSES', false);
  if (production && allowPrivateAddresses) {
    fail('RESULTS_ALLOW_PRIVATE_ADDRESSES', 'must not be set when NODE_ENV=production');
  }
  return { allowedHosts, allowPrivateAddresses };
}

/** COURSES_URL, COURSES_DB and COURSES_API_KEY together, or none of them. */
function coursesConfig(env: Env): AppConfig['courses'] {
  const names = ['COURSES_URL', 'COURSES_DB', 'COURSES_API_KEY'] as const;
  const given = names.filter((n) => env[n]);
  if (given.length === 0) return null;
  const missing = names.find((n) => !env[n]);
  if (missing) {
    fail(missing, `is required with ${given.join(', ')}`);
    return null;
  }
  return {
    url: url(env, 'COURSES_URL', '')!.replace(/\/+$/, ''),
    db: env.COURSES_DB!,
    apiKey: env.COURSES_API_KEY!,
    login: env.COURSES_LOGIN || 'api',
  };
}

/** `key=value,key=value` (lower-case keys and values of letters, digits and `_`), or a ConfigError. */
function pairs(env: Env, name: string, fallback: Record<string, string>): Record<string, string> {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const out: Record<string, string> = {};
  for (const item of raw.split(',')) {
    const m = /^\s*([a-z0-9_]+)\s*=\s*([A-Za-z0-9_]+)\s*$/.exec(item);
    if (!m) {
      fail(name, `must be key=value pairs separated by commas (got "${item.trim()}")`);
      continue;
    }
    out[m[1]] = m[2];
  }
  return out;
}
