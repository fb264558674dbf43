/**
 * Every setting the processes read from their environment, with what it does: the source of
 * docs/configuration.md and .env.example (`npm run docs:config` writes both; api/test/settings.spec.ts
 * fails when they are stale, or when config.ts or the member server reads a setting not listed here).
 * `production`: 'required' when a production start refuses to go without it (the test checks
 * that against loadConfig and the member server's check).
 */
export interface Setting {
  name: string;
  /** Which processes read it. */
  apps: ('api' | 'member' | 'ops')[];
  group: string;
  /** The value when unset, as a reader understands it. */
  default: string;
  production?: 'required' | 'recommended';
  about: string;
  /** The line .env.example carries (commented out unless required); secrets are left empty. */
  example?: string;
}

const A = ['api'] as Setting['apps'];
const M = ['member'] as Setting['apps'];
const AM = ['api', 'member'] as Setting['apps'];

export const SETTINGS: Setting[] = [
  // Processes
  { name: 'NODE_ENV', apps: AM, group: 'Processes', default: 'development (member server: production)', production: 'required', example: 'production', about: '`production` turns on the strict checks: every setting marked required below, weak secrets refused, Secure cookies, no development routes.' },
  { name: 'HOST', apps: AM, group: 'Processes', default: '127.0.0.1 (API); all addresses (member)', example: '127.0.0.1', about: 'The address each process listens on.' },
  { name: 'API_PORT', apps: AM, group: 'Processes', default: '4000', example: '4000', about: 'The API\'s port (the member server derives its default API_URL from it).' },
  { name: 'PORT', apps: AM, group: 'Processes', default: '3000', example: '3000', about: 'The member server\'s port (the API derives its default MEMBER_URL from it).' },
  { name: 'WEB_CONCURRENCY', apps: AM, group: 'Processes', default: 'the number of cores in production, else 1', about: 'Processes per server (node:cluster) sharing its port; above 1 the API needs DATABASE_URL.' },
  { name: 'API_WORKER_JOBS', apps: A, group: 'Processes', default: '1', about: '0: this API process runs no background job (outbox sending, payment reconciliation, broadcasts, reminders, retention). Set 0 on a restored copy until it is checked; the cluster sets it on all but one worker.' },
  { name: 'SHUTDOWN_DRAIN_MS', apps: AM, group: 'Processes', default: '3000 in production, else 0', about: 'On SIGTERM a process fails its readiness (/api/health/ready, /readyz) this long before it stops accepting, then finishes what it holds and exits: set it above the load balancer\'s time to take a process out.' },
  { name: 'LOG_LEVEL', apps: AM, group: 'Processes', default: 'info (silent in tests)', about: 'fatal, error, warn, info, debug, trace or silent. Logs are JSON lines on standard output.' },
  { name: 'DATA_DIR', apps: AM, group: 'Processes', default: 'data (in the repository)', example: '/var/lib/platform', about: 'Scratch space (uploads\' temporary files); the embedded database and generated development secrets when there is no DATABASE_URL; the files when there is no bucket.' },
  { name: 'APP_COMMIT', apps: AM, group: 'Processes', default: 'build-info.json, else `git rev-parse`', about: 'The commit reported in /api/health, /api/about and the first log line (a container build passes it).' },
  { name: 'TRUST_PROXY_HOPS', apps: AM, group: 'Processes', default: '0', production: 'recommended', example: '1', about: 'Proxies in front whose X-Forwarded-For and X-Forwarded-Proto are believed (1 behind one load balancer).' },
  // Addresses
  { name: 'MEMBER_URL', apps: AM, group: 'Addresses', default: 'http://localhost:$PORT', production: 'required', example: 'https://www.example.sa', about: 'The member site\'s public address: links in messages and pages point there.' },
  { name: 'PUBLIC_API_URL', apps: A, group: 'Addresses', default: 'http://localhost:$API_PORT', production: 'required', example: 'https://api.example.sa', about: 'The API\'s public address (webhooks, payment returns, file links).' },
  { name: 'API_URL', apps: M, group: 'Addresses', default: 'http://127.0.0.1:$API_PORT/api', production: 'recommended', example: 'http://127.0.0.1:4000/api', about: 'Where the member server reaches the API (the load balancer or a local API process).' },
  { name: 'ADMIN_URL', apps: M, group: 'Addresses', default: 'http://localhost:$API_PORT/admin/', example: 'https://api.example.sa/admin/', about: 'The back-office\'s address, linked from the member site.' },
  { name: 'ADMIN_DIST', apps: A, group: 'Addresses', default: 'admin/dist', about: 'The built back-office the API serves at /admin.' },
  { name: 'API_DOCS', apps: A, group: 'Addresses', default: '1 outside production, 0 in production', about: '1 serves the OpenAPI description at /api/docs.' },
  { name: 'SOURCE_MAPS', apps: AM, group: 'Addresses', default: '1 outside production, 0 in production', about: '1 serves the source maps of the back-office and the member site.' },
  { name: 'COOKIE_SECURE', apps: M, group: 'Addresses', default: '1 in production', about: '0 only for a deliberate plain-http set-up: the member session cookie without Secure.' },
  // Database and files
  { name: 'DATABASE_URL', apps: A, group: 'Database and files', default: 'none: the embedded PGlite in DATA_DIR/db', production: 'required', example: 'postgres://platform:password@127.0.0.1:5432/platform', about: 'PostgreSQL 14 or newer (`?sslmode=require` for a remote server). Each API process opens at most 10 connections.' },
  { name: 'S3_ENDPOINT', apps: A, group: 'Database and files', default: 'none: files in DATA_DIR', production: 'recommended', example: 'http://127.0.0.1:9000', about: 'An S3-compatible bucket for uploaded files: all five S3_* settings or none.' },
  { name: 'S3_BUCKET', apps: A, group: 'Database and files', default: '', example: 'platform-uploads', about: 'The bucket (private; the API streams public files itself).' },
  { name: 'S3_REGION', apps: A, group: 'Database and files', default: '', example: 'us-east-1', about: 'The bucket\'s region.' },
  { name: 'S3_ACCESS_KEY_ID', apps: A, group: 'Database and files', default: '', example: '', about: 'The bucket\'s access key.' },
  { name: 'S3_SECRET_ACCESS_KEY', apps: A, group: 'Database and files', default: '', example: '', about: 'The bucket\'s secret key.' },
  { name: 'S3_FORCE_PATH_STYLE', apps: A, group: 'Database and files', default: '0', example: '1', about: '1 for MinIO and similar servers (bucket in the path).' },
  // Secrets and accounts
  { name: 'JWT_SECRET', apps: A, group: 'Secrets and accounts', default: 'generated in DATA_DIR (development only)', production: 'required', example: '', about: 'Signs sessions; the same on every API process. At least 32 characters; in production not weak (no repeated piece, 128 bits of entropy): `openssl rand -base64 48`.' },
  { name: 'MEMBER_PROXY_SECRET', apps: AM, group: 'Secrets and accounts', default: 'generated in DATA_DIR (development only)', production: 'required', example: '', about: 'Shared by the API and the member server, which forwards its browsers\' addresses with it. Same rules as JWT_SECRET.' },
  { name: 'SESSION_SECRET', apps: M, group: 'Secrets and accounts', default: 'generated in DATA_DIR (development only)', production: 'required', example: '', about: 'Signs the member site\'s session cookie; the same on every member process. Same rules as JWT_SECRET.' },
  { name: 'TWO_FACTOR_KEY', apps: A, group: 'Secrets and accounts', default: 'derived from JWT_SECRET', about: 'Encrypts staff\'s two-factor secrets (32 characters or more). Changing it, or JWT_SECRET without it, makes them unreadable.' },
  { name: 'TWO_FACTOR_ISSUER', apps: A, group: 'Secrets and accounts', default: 'MAIL_BRAND', about: 'The name authenticator apps show.' },
  { name: 'ADMIN_EMAIL', apps: A, group: 'Secrets and accounts', default: 'admin@example.com (development only)', about: 'The first admin, made on an empty database (required then in production, with ADMIN_PASSWORD); ignored once an admin exists. Or `npm run ops -- create-admin`.' },
  { name: 'ADMIN_PASSWORD', apps: A, group: 'Secrets and accounts', default: 'generated and printed once (development only)', about: 'The first admin\'s password (see ADMIN_EMAIL); remove it from the environment afterwards.' },
  { name: 'ADMIN_REQUIRE_2FA', apps: A, group: 'Secrets and accounts', default: '0', production: 'recommended', example: '1', about: '1: an admin without two-factor sign-in can do nothing but turn it on.' },
  { name: 'SESSION_TTL_DAYS', apps: A, group: 'Secrets and accounts', default: '30', about: 'How long a session lasts at most.' },
  { name: 'MEMBER_IDLE_DAYS', apps: A, group: 'Secrets and accounts', default: '7', about: 'A member session unused this many days ends (at most SESSION_TTL_DAYS).' },
  { name: 'STAFF_IDLE_MINUTES', apps: A, group: 'Secrets and accounts', default: '30', about: 'A staff session unused this long ends.' },
  { name: 'PASSWORD_HASH_CONCURRENCY', apps: A, group: 'Secrets and accounts', default: '2', about: 'Password hashes computed at once per process; more wait.' },
  { name: 'OTP_LENGTH', apps: A, group: 'Secrets and accounts', default: '6', about: 'Digits of a one-time code.' },
  { name: 'DEMO', apps: A, group: 'Secrets and accounts', default: '1 without DATABASE_URL, else 0', about: 'Demo content on the first start of an empty database.' },
  // Messages
  { name: 'SMTP_URL', apps: A, group: 'Messages', default: 'none: messages kept in the outbox (development)', production: 'required', example: 'smtp://user:password@mail.example.sa:587', about: 'The mail relay (smtp:// or smtps://).' },
  { name: 'MAIL_FROM', apps: A, group: 'Messages', default: 'WRO Platform <no-reply@localhost>', production: 'recommended', example: 'Federation <no-reply@example.sa>', about: 'The sender of every e-mail.' },
  { name: 'MAIL_BRAND', apps: A, group: 'Messages', default: 'MAIL_FROM\'s display name', about: 'The name atop every e-mail.' },
  { name: 'MAIL_LOGO_URL', apps: A, group: 'Messages', default: 'none', about: 'A logo atop every e-mail (https).' },
  { name: 'WHATSAPP_TOKEN', apps: A, group: 'Messages', default: 'none: WhatsApp messages kept in the outbox (development)', production: 'required', example: '', about: 'Meta WhatsApp Cloud API token (with WHATSAPP_PHONE_NUMBER_ID).' },
  { name: 'WHATSAPP_PHONE_NUMBER_ID', apps: A, group: 'Messages', default: '', production: 'required', example: '', about: 'The sending number\'s id in Meta\'s dashboard.' },
  { name: 'WHATSAPP_APP_SECRET', apps: A, group: 'Messages', default: '', production: 'required', example: '', about: 'The Meta app\'s secret, which signs status webhooks (16 characters or more).' },
  { name: 'WHATSAPP_VERIFY_TOKEN', apps: A, group: 'Messages', default: '', production: 'required', example: '', about: 'Chosen by you, given to Meta when registering the webhook (16 characters or more).' },
  { name: 'WHATSAPP_API_URL', apps: A, group: 'Messages', default: 'https://graph.facebook.com/v21.0', about: 'The Cloud API\'s address.' },
  { name: 'WHATSAPP_TEMPLATE_NAMES', apps: A, group: 'Messages', default: 'the message kinds\' names', about: 'kind=template pairs where an approved template\'s name differs (docs/whatsapp-templates.md).' },
  { name: 'WHATSAPP_TEMPLATE_LANGUAGES', apps: A, group: 'Messages', default: 'ar=ar,en=en', about: 'The template language used for each member language.' },
  { name: 'OUTBOX_POLL_MS', apps: A, group: 'Messages', default: '1000', about: 'How often the outbox worker looks for messages to send.' },
  { name: 'OUTBOX_WHATSAPP_PER_SECOND', apps: A, group: 'Messages', default: '20 in production, else no limit', about: 'WhatsApp messages a second, counted across every process (0: no limit).' },
  { name: 'OUTBOX_EMAIL_PER_SECOND', apps: A, group: 'Messages', default: '10 in production, else no limit', about: 'E-mails a second, counted across every process (0: no limit).' },
  // Payments
  { name: 'TELR_STORE_ID', apps: A, group: 'Payments and invoices', default: 'none: the built-in sandbox (refused in production)', production: 'required', example: '', about: 'Telr\'s store id (with TELR_AUTH_KEY).' },
  { name: 'TELR_AUTH_KEY', apps: A, group: 'Payments and invoices', default: '', production: 'required', example: '', about: 'Telr\'s authentication key.' },
  { name: 'TELR_TEST_MODE', apps: A, group: 'Payments and invoices', default: '1 outside production, 0 in production', about: '1: Telr\'s test mode.' },
  { name: 'TELR_API_URL', apps: A, group: 'Payments and invoices', default: 'https://secure.telr.com/gateway/order.json', about: 'Telr\'s hosted payment page API.' },
  { name: 'TELR_REMOTE_URL', apps: A, group: 'Payments and invoices', default: 'beside TELR_API_URL (remote.xml)', about: 'Telr\'s transaction API, for refunds.' },
  { name: 'TELR_REMOTE_KEY', apps: A, group: 'Payments and invoices', default: 'TELR_AUTH_KEY', about: 'The transaction API\'s key.' },
  { name: 'PAYMENT_RECONCILE_MS', apps: A, group: 'Payments and invoices', default: '60000', about: 'How often pending orders are asked about again.' },
  { name: 'PAYMENT_EXPIRY_MINUTES', apps: A, group: 'Payments and invoices', default: '60', about: 'A pending order older than this is asked once more, then expired.' },
  { name: 'PAYMENT_HOLD_DAYS', apps: A, group: 'Payments and invoices', default: '7', about: 'An authorised, uncaptured payment older than this is expired.' },
  { name: 'VAT_PERCENT', apps: A, group: 'Payments and invoices', default: '15', about: 'VAT shown on invoices (prices include it); 0 shows no VAT line.' },
  { name: 'SELLER_NAME', apps: A, group: 'Payments and invoices', default: 'منصة المسابقات', about: 'The seller named on invoices (Arabic).' },
  { name: 'SELLER_NAME_EN', apps: A, group: 'Payments and invoices', default: 'WRO Platform', about: 'The seller named on invoices (English).' },
  { name: 'SELLER_VAT_NUMBER', apps: A, group: 'Payments and invoices', default: 'none: invoices say they are not tax invoices', production: 'required', example: '300000000000003', about: 'The seller\'s VAT number: 15 digits, first and last 3.' },
  // Limits and retention
  { name: 'RATE_LIMIT_SIGNIN', apps: A, group: 'Limits and retention', default: '10', about: 'Sign-in attempts per account per minute.' },
  { name: 'RATE_LIMIT_ADDRESS', apps: A, group: 'Limits and retention', default: '6 × RATE_LIMIT_SIGNIN', about: 'Failed attempts per client address per minute.' },
  { name: 'RATE_LIMIT_CODES', apps: A, group: 'Limits and retention', default: '5', about: 'Codes sent to one account per hour.' },
  { name: 'RATE_LIMIT_UPLOADS', apps: A, group: 'Limits and retention', default: '10', about: 'Uploads per member per minute.' },
  { name: 'RATE_LIMIT_SIGNUP_ID', apps: A, group: 'Limits and retention', default: '3', about: 'Unverified sign-ups naming one national ID in 24 hours.' },
  { name: 'UPLOAD_QUOTA_MB', apps: A, group: 'Limits and retention', default: '100', about: 'Bytes one member may keep.' },
  { name: 'IMAGE_MAX_MEGAPIXELS', apps: A, group: 'Limits and retention', default: '25', about: 'The largest picture accepted.' },
  { name: 'UNVERIFIED_HOURS', apps: A, group: 'Limits and retention', default: '72', about: 'A sign-up waiting for its phone to be verified is removed after this.' },
  { name: 'RETENTION_SESSION_DAYS', apps: A, group: 'Limits and retention', default: '30', about: 'An ended session\'s row (address, browser) is kept this long.' },
  { name: 'RETENTION_MESSAGE_DAYS', apps: A, group: 'Limits and retention', default: '90', about: 'A sent message\'s text is kept this long.' },
  { name: 'RETENTION_UPLOAD_HOURS', apps: A, group: 'Limits and retention', default: '24', about: 'A temporary upload left behind is removed after this.' },
  { name: 'RETENTION_EVERY_MINUTES', apps: A, group: 'Limits and retention', default: '60', about: 'How often the retention pass runs.' },
  // Integrations
  { name: 'RESULTS_ALLOWED_HOSTS', apps: A, group: 'Integrations', default: 'none', about: 'Host names of external results sites the API may read (comma-separated).' },
  { name: 'RESULTS_ALLOW_PRIVATE_ADDRESSES', apps: A, group: 'Integrations', default: '0', about: 'Tests only; refused in production.' },
  { name: 'COURSES_URL', apps: A, group: 'Integrations', default: 'none: no courses', about: 'Odoo eLearning (with COURSES_DB and COURSES_API_KEY).' },
  { name: 'COURSES_DB', apps: A, group: 'Integrations', default: '', about: 'The Odoo database.' },
  { name: 'COURSES_API_KEY', apps: A, group: 'Integrations', default: '', about: 'The Odoo API key.' },
  { name: 'COURSES_LOGIN', apps: A, group: 'Integrations', default: 'api', about: 'The Odoo user of the key.' },
];
