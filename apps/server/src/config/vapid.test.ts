import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from './env.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'live-market-vapid-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const base = { SESSION_SECRET: 'x'.repeat(32), OTP_DELIVERY: 'console' };
const production = { ...base, NODE_ENV: 'production', ALLOW_DEV_SETTINGS_IN_PRODUCTION: 'true' };
const keys = webpush.generateVAPIDKeys();

describe('VAPID keys (Web Push)', () => {
  it('are generated once into DATA_DIR in development and kept across restarts', () => {
    const DATA_DIR = tempDir();
    const first = loadConfig({ ...base, DATA_DIR }).vapid!;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:push@localhost');
    expect(loadConfig({ ...base, DATA_DIR }).vapid).toEqual(first);
    expect(JSON.parse(readFileSync(path.join(DATA_DIR, 'vapid-keys.json'), 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    // web-push accepts what was generated.
    expect(() => webpush.getVapidHeaders('https://push.example.com', first.subject, first.publicKey, first.privateKey, 'aes128gcm')).not.toThrow();
  });

  it('come from the environment when set, with the public https origin as the default subject', () => {
    const vapid = loadConfig({ ...production, DATA_DIR: tempDir(), PUBLIC_URL: 'https://shop.example.in', VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }).vapid;
    expect(vapid).toEqual({ ...keys, subject: 'https://shop.example.in' });
    const mail = loadConfig({ ...production, DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:ops@example.in' });
    expect(mail.vapid!.subject).toBe('mailto:ops@example.in');
  });

  it('are off in production without them (nothing generated)', () => {
    const DATA_DIR = tempDir();
    expect(loadConfig({ ...production, DATA_DIR }).vapid).toBeNull();
    expect(() => readFileSync(path.join(DATA_DIR, 'vapid-keys.json'))).toThrow();
  });

  it('refuse half a pair, a malformed key, a bad subject, or no subject for a plain-http production site', () => {
    const DATA_DIR = tempDir();
    const refused = (env: Record<string, string>) => () => loadConfig({ ...production, DATA_DIR, ...env });
    expect(refused({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(refused({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/VAPID_PUBLIC_KEY must be/);
    expect(refused({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.publicKey })).toThrow(/VAPID_PRIVATE_KEY must be/);
    expect(refused({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'ops@example.in' })).toThrow(/mailto: or https/);
    expect(refused({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey })).toThrow(/needs VAPID_SUBJECT/);
  });
});
