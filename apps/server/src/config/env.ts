import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { CHAT_RATE_LIMIT, RECORDING_RETENTION_DAYS_DEFAULT } from '@live-market/contract';
import { readMoneyConfig, type MoneyConfig } from './money.js';
import { readShippingConfig, type ShippingConfig } from './shipping.js';
import { readTrustConfig, type TrustConfig } from './trust.js';
import { resolveVapid, VapidError, type VapidConfig } from './vapid.js';

// The only reader of process.env. Everything is optional: the defaults make `npm start` work alone.
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const count = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  REDIS_PREFIX: z.string().default('lm:'),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  OTP_DELIVERY: z.enum(['console', 'webhook', 'smtp']).optional(),
  OTP_WEBHOOK_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('LiveMarket <no-reply@localhost>'),
  OTP_TTL_SECONDS: count(300),
  OTP_MAX_ATTEMPTS: count(5),
  OTP_SEND_LIMIT_PER_DESTINATION: count(5),
  OTP_SEND_LIMIT_PER_IP: count(30),
  OTP_SEND_WINDOW_SECONDS: count(900),
  API_RATE_LIMIT_PER_MINUTE: count(1200),
  CHAT_RATE_LIMIT: count(CHAT_RATE_LIMIT),
  MEDIA_MODE: z.enum(['embedded', 'external', 'janus', 'none']).default('embedded'),
  // MEDIA_MODE=janus (decision 034): the Janus nodes' WebSocket API, comma-separated, and how many
  // viewers of one show a node takes before the next viewer goes to another node.
  JANUS_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((u) => u.trim()).filter(Boolean) : [])),
  JANUS_VIEWERS_PER_NODE: count(500),
  // Each node's Admin API in JANUS_URL's order, and its admin secret (decision 052): placement and
  // node metrics then read every instance's sessions from the nodes.
  JANUS_ADMIN_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((u) => u.trim()).filter(Boolean) : [])),
  JANUS_ADMIN_SECRET: z.string().optional(),
  // Where the Janus nodes send a recorded show's RTP: this instance's address as they reach it.
  JANUS_RECORDING_HOST: z.string().default('127.0.0.1'),
  MEDIA_WHIP_URL: z.url().optional(),
  MEDIA_WHEP_URL: z.url().optional(),
  MEDIA_TOKEN: z.string().optional(),
  // TURN relays handed to browsers (coturn with use-auth-secret): comma-separated turn:/turns: URLs
  // and the shared secret their short-lived credentials are signed with (decision 031).
  TURN_URLS: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((u) => u.trim()).filter(Boolean) : [])),
  TURN_SECRET: z.string().optional(),
  // Issue 13: shows are recorded (unless the seller says no); files older than the retention go.
  RECORDINGS_DIR: z.string().optional(),
  RECORDING_RETENTION_DAYS: count(RECORDING_RETENTION_DAYS_DEFAULT),
  // MEDIA_MODE=external: where that server keeps a show's recording, with {streamId}.
  MEDIA_RECORDING_URL: z.url().optional(),
  SELLER_RECONNECT_GRACE_SECONDS: count(120),
  PAYMENTS_PROVIDER: z.enum(['simulated', 'razorpay']).default('simulated'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  PAYMENT_TIMEOUT_MINUTES: count(15),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  // The push services browsers subscribe through: the server posts only to these hosts (and their
  // subdomains), so a made-up endpoint cannot point it at an internal address.
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((v) => v.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)),
  SEED_DEMO_DATA: flag.default(true),
  ALLOW_DEV_SETTINGS_IN_PRODUCTION: flag.default(false),
  TRUST_PROXY: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Issue 30: Prometheus text on its own port (never the public one), 'off' for none; 0 picks a free port.
  METRICS_PORT: z
    .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)])
    .default(9464),
  METRICS_HOST: z.string().default('127.0.0.1'),
  // Traces go out over OTLP/HTTP only when this is set (e.g. http://collector:4318).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  OTEL_SERVICE_NAME: z.string().default('livemarket'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  sessionSecret: string;
  otp: {
    delivery: 'console' | 'webhook' | 'smtp';
    webhookUrl?: string;
    smtpUrl?: string;
    smtpFrom: string;
    ttlSeconds: number;
    maxAttempts: number;
    sendLimitPerDestination: number;
    sendLimitPerIp: number;
    sendWindowSeconds: number;
  };
  apiRateLimitPerMinute: number;
  /** Chat messages a user may send per CHAT_RATE_WINDOW_MS, on top of a show's slow mode. */
  chatRateLimit: number;
  media: {
    mode: 'embedded' | 'external' | 'janus' | 'none';
    whipUrl?: string;
    whepUrl?: string;
    token?: string;
    janusUrls: string[];
    janusViewersPerNode: number;
    janusRecordingHost: string;
    janusAdmin: { urls: string[]; secret: string } | null;
  };
  /** TURN servers and the secret of their REST-API credentials; null: none is offered. */
  turn: { urls: string[]; secret: string } | null;
  /** Replays: the embedded SFU's WebM files (dir), how long they are kept, the external server's URL template. */
  recordings: { dir: string; retentionDays: number; externalUrl?: string };
  /** A live show whose seller's camera has been away this long ends for everyone. */
  sellerReconnectGraceSeconds: number;
  paymentsProvider: 'simulated' | 'razorpay';
  /** An online payment still open after this long is failed and its stock released. */
  paymentTimeoutMinutes: number;
  /** Set exactly when paymentsProvider is razorpay. */
  razorpay?: { keyId: string; keySecret: string; webhookSecret: string };
  /** Web Push (issue 13): VAPID keys from env, generated into DATA_DIR in development; null: push is off. */
  vapid: VapidConfig | null;
  /** Hosts a push subscription's endpoint may be on (PUSH_SERVICE_HOSTS), each with its subdomains. */
  pushServiceHosts: string[];
  /** Issue 26: commission, payout hold, schedule and minimum, payout provider. */
  money: MoneyConfig;
  /** Issue 27: the carrier, its webhook secret, cash-on-delivery limits, the return window. */
  shipping: ShippingConfig;
  trust: TrustConfig;
  seedDemoData: boolean;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Issue 30: where /metrics is served (null: nowhere), and where traces go (null: off). */
  metrics: { port: number; host: string } | null;
  traces: { endpoint: string; serviceName: string } | null;
}

export class ConfigError extends Error {}

// Dev only: a secret generated once and kept in DATA_DIR, so sessions survive restarts.
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Relative to where the user ran npm (npm runs workspace scripts inside the workspace folder).
  const dataDir = path.resolve(source.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const delivery = e.OTP_DELIVERY ?? (production ? 'webhook' : 'console');

  if (production && !e.ALLOW_DEV_SETTINGS_IN_PRODUCTION) {
    const refused: string[] = [];
    if (!e.SESSION_SECRET) refused.push('SESSION_SECRET is required (a generated secret is for development only)');
    if (delivery === 'console') refused.push('OTP_DELIVERY=console shows sign-in codes on screen; use webhook or smtp');
    if (e.PAYMENTS_PROVIDER === 'simulated') refused.push('PAYMENTS_PROVIDER=simulated takes no real money; use razorpay');
    if (refused.length) {
      throw new ConfigError(
        `Refusing to start in production with development settings:\n  ${refused.join('\n  ')}\n` +
          'Set ALLOW_DEV_SETTINGS_IN_PRODUCTION=true to override deliberately.',
      );
    }
  }
  if (delivery === 'webhook' && !e.OTP_WEBHOOK_URL) throw new ConfigError('OTP_DELIVERY=webhook needs OTP_WEBHOOK_URL');
  if (delivery === 'smtp' && !e.SMTP_URL) throw new ConfigError('OTP_DELIVERY=smtp needs SMTP_URL');
  if (e.PAYMENTS_PROVIDER === 'razorpay' && !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET)) {
    throw new ConfigError('PAYMENTS_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET');
  }
  if (e.TURN_URLS.length > 0 !== Boolean(e.TURN_SECRET)) throw new ConfigError('TURN_URLS and TURN_SECRET go together');
  if (e.TURN_URLS.some((u) => !/^turns?:[^\s]+$/.test(u))) throw new ConfigError('TURN_URLS are turn: or turns: URLs, separated by commas');
  if (e.MEDIA_MODE === 'external' && !(e.MEDIA_WHIP_URL && e.MEDIA_WHEP_URL)) {
    throw new ConfigError('MEDIA_MODE=external needs MEDIA_WHIP_URL and MEDIA_WHEP_URL');
  }
  if (e.MEDIA_MODE === 'janus' && !e.JANUS_URL.length) throw new ConfigError('MEDIA_MODE=janus needs JANUS_URL (ws://host:8188, comma-separated for several nodes)');
  if (e.JANUS_URL.some((u) => !/^wss?:\/\/[^\s]+$/.test(u))) throw new ConfigError('JANUS_URL lists ws:// or wss:// addresses, separated by commas');
  if (e.JANUS_ADMIN_URL.length && (e.JANUS_ADMIN_URL.length !== e.JANUS_URL.length || !e.JANUS_ADMIN_SECRET)) throw new ConfigError('JANUS_ADMIN_URL lists one address per JANUS_URL node and needs JANUS_ADMIN_SECRET');
  const money = readMoneyConfig(source);
  if (!money.config || money.problems.length) throw new ConfigError(`Invalid configuration:\n${money.problems.join('\n')}`);
  const shipping = readShippingConfig(source, production && !e.ALLOW_DEV_SETTINGS_IN_PRODUCTION);
  if (!shipping.config || shipping.problems.length) throw new ConfigError(`Invalid configuration:\n${shipping.problems.join('\n')}`);
  const trust = readTrustConfig(source);
  if (!trust.config) throw new ConfigError(`Invalid configuration:\n${trust.problems.join('\n')}`);
  let vapid: VapidConfig | null;
  try {
    vapid = resolveVapid(e, { production, dataDir, publicUrl });
  } catch (error) {
    if (error instanceof VapidError) throw new ConfigError(error.message);
    throw error;
  }

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    secureCookies: publicUrl.startsWith('https:'),
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    redisPrefix: e.REDIS_PREFIX,
    sessionSecret: e.SESSION_SECRET ?? generatedSecret(dataDir),
    otp: {
      delivery,
      webhookUrl: e.OTP_WEBHOOK_URL,
      smtpUrl: e.SMTP_URL,
      smtpFrom: e.SMTP_FROM,
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      sendLimitPerDestination: e.OTP_SEND_LIMIT_PER_DESTINATION,
      sendLimitPerIp: e.OTP_SEND_LIMIT_PER_IP,
      sendWindowSeconds: e.OTP_SEND_WINDOW_SECONDS,
    },
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    chatRateLimit: e.CHAT_RATE_LIMIT,
    media: {
      mode: e.MEDIA_MODE,
      whipUrl: e.MEDIA_WHIP_URL,
      whepUrl: e.MEDIA_WHEP_URL,
      token: e.MEDIA_TOKEN,
      janusUrls: e.JANUS_URL,
      janusViewersPerNode: e.JANUS_VIEWERS_PER_NODE,
      janusRecordingHost: e.JANUS_RECORDING_HOST,
      janusAdmin: e.JANUS_ADMIN_URL.length && e.JANUS_ADMIN_SECRET ? { urls: e.JANUS_ADMIN_URL, secret: e.JANUS_ADMIN_SECRET } : null,
    },
    turn: e.TURN_SECRET ? { urls: e.TURN_URLS, secret: e.TURN_SECRET } : null,
    recordings: {
      dir: e.RECORDINGS_DIR ? path.resolve(source.INIT_CWD ?? process.cwd(), e.RECORDINGS_DIR) : path.join(dataDir, 'recordings'),
      retentionDays: e.RECORDING_RETENTION_DAYS,
      externalUrl: e.MEDIA_RECORDING_URL,
    },
    sellerReconnectGraceSeconds: e.SELLER_RECONNECT_GRACE_SECONDS,
    paymentsProvider: e.PAYMENTS_PROVIDER,
    paymentTimeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
    razorpay:
      e.PAYMENTS_PROVIDER === 'razorpay'
        ? { keyId: e.RAZORPAY_KEY_ID!, keySecret: e.RAZORPAY_KEY_SECRET!, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET! }
        : undefined,
    vapid,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    money: money.config,
    shipping: shipping.config,
    trust: trust.config,
    seedDemoData: e.SEED_DEMO_DATA,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS_PORT === 'off' ? null : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    traces: e.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: e.OTEL_SERVICE_NAME } : null,
  };
}

/** A copy of the process environment, for tests and scripts that build a config with overrides. */
export function readEnv(): Record<string, string | undefined> {
  return { ...process.env };
}
