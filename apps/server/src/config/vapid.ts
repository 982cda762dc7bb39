import { createECDH, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The VAPID key pair and contact Web Push services see (issue 13); null: push is off. */
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: — who the push service contacts about abuse. */
  subject: string;
}

export class VapidError extends Error {}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const bytes = (key: string) => (BASE64URL.test(key) ? Buffer.from(key, 'base64url').length : -1);

// What web-push's generateVAPIDKeys makes: an uncompressed P-256 public point and its 32-byte scalar.
function generateKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // The scalar can come out shorter than 32 bytes; browsers and push services want it padded.
  const scalar = curve.getPrivateKey();
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url'),
  };
}

// Development only, like the session secret: made once and kept in DATA_DIR, so browsers stay
// subscribed across restarts. Written whole then renamed, so a reader never sees half a file.
function generatedKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  mkdirSync(dataDir, { recursive: true });
  const keys = generateKeys();
  const temp = `${file}.${randomUUID()}`;
  writeFileSync(temp, JSON.stringify(keys), { mode: 0o600 });
  renameSync(temp, file);
  return keys;
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT. Both keys or neither; without them development
 * generates a pair into DATA_DIR and production runs without push (the app logs it at boot).
 */
export function resolveVapid(
  e: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string },
  opts: { production: boolean; dataDir: string; publicUrl: string },
): VapidConfig | null {
  const given = Boolean(e.VAPID_PUBLIC_KEY) || Boolean(e.VAPID_PRIVATE_KEY);
  if (given && !(e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY)) throw new VapidError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither');
  if (given && bytes(e.VAPID_PUBLIC_KEY!) !== 65) throw new VapidError('VAPID_PUBLIC_KEY must be a URL-safe base64 P-256 public key (65 bytes), as `npx web-push generate-vapid-keys` prints');
  if (given && bytes(e.VAPID_PRIVATE_KEY!) !== 32) throw new VapidError('VAPID_PRIVATE_KEY must be a URL-safe base64 P-256 private key (32 bytes)');
  if (!given && opts.production) return null;
  const keys = given ? { publicKey: e.VAPID_PUBLIC_KEY!, privateKey: e.VAPID_PRIVATE_KEY! } : generatedKeys(opts.dataDir);

  const site = new URL(opts.publicUrl);
  const subject = e.VAPID_SUBJECT || (site.protocol === 'https:' && site.hostname !== 'localhost' ? site.origin : opts.production ? '' : 'mailto:push@localhost');
  if (!subject) throw new VapidError('Web Push needs VAPID_SUBJECT (a mailto: address or https: URL) when PUBLIC_URL is not https');
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new VapidError('VAPID_SUBJECT must start with mailto: or https://');
  return { ...keys, subject };
}
