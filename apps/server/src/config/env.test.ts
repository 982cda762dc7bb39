import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const secret = 'x'.repeat(40);
const dataDir = path.join(os.tmpdir(), 'lm-env-test');

describe('loadConfig', () => {
  it('works with no settings at all, on localhost:5000', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(5000);
    expect(config.publicOrigin).toBe('http://localhost:5000');
    expect(config.secureCookies).toBe(false);
    expect(config.otp.delivery).toBe('console');
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    // The generated secret is kept, so sessions survive a restart.
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(config.sessionSecret);
  });

  it('gives a seller two minutes to come back by default, or SELLER_RECONNECT_GRACE_SECONDS', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).sellerReconnectGraceSeconds).toBe(120);
    expect(loadConfig({ DATA_DIR: dataDir, SELLER_RECONNECT_GRACE_SECONDS: '300' }).sellerReconnectGraceSeconds).toBe(300);
    expect(() => loadConfig({ DATA_DIR: dataDir, SELLER_RECONNECT_GRACE_SECONDS: '0' })).toThrow(/SELLER_RECONNECT_GRACE_SECONDS/);
  });

  it('records into DATA_DIR/recordings and keeps recordings 90 days, unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.recordings).toEqual({ dir: path.join(dataDir, 'recordings'), retentionDays: 90, externalUrl: undefined });
    const set = loadConfig({
      DATA_DIR: dataDir,
      RECORDINGS_DIR: '/srv/recordings',
      RECORDING_RETENTION_DAYS: '30',
      MEDIA_RECORDING_URL: 'https://media.example/recordings/{streamId}.webm',
    });
    expect(set.recordings).toEqual({ dir: '/srv/recordings', retentionDays: 30, externalUrl: 'https://media.example/recordings/{streamId}.webm' });
    expect(() => loadConfig({ DATA_DIR: dataDir, RECORDING_RETENTION_DAYS: '0' })).toThrow(/RECORDING_RETENTION_DAYS/);
  });

  it('takes MEDIA_MODE=janus only with JANUS_URL, a comma-separated list of ws:// addresses', () => {
    const config = loadConfig({ DATA_DIR: dataDir, MEDIA_MODE: 'janus', JANUS_URL: 'ws://10.0.0.5:8188, ws://10.0.0.6:8188', JANUS_VIEWERS_PER_NODE: '300' });
    expect(config.media).toMatchObject({ mode: 'janus', janusUrls: ['ws://10.0.0.5:8188', 'ws://10.0.0.6:8188'], janusViewersPerNode: 300 });
    expect(() => loadConfig({ DATA_DIR: dataDir, MEDIA_MODE: 'janus' })).toThrow(/MEDIA_MODE=janus needs JANUS_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, MEDIA_MODE: 'janus', JANUS_URL: 'http://10.0.0.5:8088/janus' })).toThrow(/ws:\/\/ or wss:\/\//);
    expect(config.media.janusAdmin).toBeNull();
    // Decision 052: each node's Admin API, in JANUS_URL's order, with its secret.
    const admin = { DATA_DIR: dataDir, MEDIA_MODE: 'janus', JANUS_URL: 'ws://10.0.0.5:8188,ws://10.0.0.6:8188', JANUS_ADMIN_SECRET: 's3cret' };
    expect(loadConfig({ ...admin, JANUS_ADMIN_URL: 'ws://10.0.0.5:7188, ws://10.0.0.6:7188' }).media.janusAdmin).toEqual({ urls: ['ws://10.0.0.5:7188', 'ws://10.0.0.6:7188'], secret: 's3cret' });
    expect(() => loadConfig({ ...admin, JANUS_ADMIN_URL: 'ws://10.0.0.5:7188' })).toThrow(/one address per JANUS_URL node/);
    expect(() => loadConfig({ ...admin, JANUS_ADMIN_SECRET: undefined, JANUS_ADMIN_URL: 'ws://10.0.0.5:7188,ws://10.0.0.6:7188' })).toThrow(/JANUS_ADMIN_SECRET/);
  });

  it('refuses development settings in production, naming each one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, OTP_DELIVERY: 'console' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, OTP_DELIVERY: 'console' });
    } catch (error) {
      expect(String(error)).toContain('SESSION_SECRET is required');
      expect(String(error)).toContain('OTP_DELIVERY=console');
      expect(String(error)).toContain('PAYMENTS_PROVIDER=simulated');
    }
  });

  it('refuses production without the carrier webhook secret', () => {
    const real = { NODE_ENV: 'production', SESSION_SECRET: secret, PUBLIC_URL: 'https://live.example.in', OTP_WEBHOOK_URL: 'https://sms.example.in/send', PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };
    expect(() => loadConfig(real)).toThrow(/SHIPPING_WEBHOOK_SECRET is required in production/);
    expect(() => loadConfig({ ...real, SHIPPING_WEBHOOK_SECRET: 'short' })).toThrow(/at least 16 characters/);
  });

  it('starts in production with real settings, secure cookies behind https', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      PUBLIC_URL: 'https://live.example.in',
      OTP_WEBHOOK_URL: 'https://sms.example.in/send',
      PAYMENTS_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_key',
      RAZORPAY_KEY_SECRET: 'key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      SHIPPING_WEBHOOK_SECRET: 'carrier-token-0123456789',
    });
    expect(config.otp.delivery).toBe('webhook');
    expect(config.shipping.webhookSecret).toBe('carrier-token-0123456789');
    expect(config.razorpay).toEqual({ keyId: 'rzp_live_key', keySecret: 'key-secret', webhookSecret: 'webhook-secret' });
    expect(config.secureCookies).toBe(true);
  });

  it('allows development settings in production only when told to', () => {
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, OTP_DELIVERY: 'console', ALLOW_DEV_SETTINGS_IN_PRODUCTION: 'true' });
    expect(config.otp.delivery).toBe('console');
  });

  it('fails loudly on a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ OTP_DELIVERY: 'webhook', DATA_DIR: dataDir })).toThrow('OTP_DELIVERY=webhook needs OTP_WEBHOOK_URL');
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'k', DATA_DIR: dataDir })).toThrow('PAYMENTS_PROVIDER=razorpay needs');
  });
});
