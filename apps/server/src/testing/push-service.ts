import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PushAgent } from '../modules/push/index.js';

export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A push service of our own for tests: HTTPS on 127.0.0.1 with a throwaway self-signed certificate
 * (web-push speaks only HTTPS), recording what arrives. Paths starting /gone/ answer 410, as a push
 * service does for a browser that unsubscribed. The app reaches it through `agent`, which trusts it.
 * Endpoints carry no port (the contract refuses one): the agent sends port 443 to this server's port,
 * and, like the app's own agent, connects to no host but 127.0.0.1.
 */
export async function startPushService() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'live-market-push-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  ], { stdio: 'ignore' });
  const tls = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });

  const requests: PushRequest[] = [];
  const server = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = 'https://127.0.0.1';
  const agent = new PushAgent(['127.0.0.1'], { ca: tls.cert, port: (server.address() as AddressInfo).port });

  return {
    origin,
    agent,
    requests,
    /** Requests to one endpoint path, oldest first. */
    to: (pathname: string) => requests.filter((r) => r.path === pathname),
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/** A browser's push keys, and the decryption it does (RFC 8291, aes128gcm) to read what arrived. */
export class TestBrowser {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);
  constructor() {
    this.ecdh.generateKeys();
  }

  subscription(endpoint: string) {
    return { endpoint, keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') } };
  }

  decrypt(body: Buffer): unknown {
    const salt = body.subarray(0, 16);
    const idLength = body[20]!;
    const serverKey = body.subarray(21, 21 + idLength);
    const sealed = body.subarray(21 + idLength);
    const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey]);
    const ikm = hkdf(this.ecdh.computeSecret(serverKey), this.authSecret, keyInfo, 32);
    const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
    const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(sealed.subarray(-16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]);
    // The last record ends with the delimiter 2, then zero padding.
    let end = plain.length - 1;
    while (end > 0 && plain[end] === 0) end -= 1;
    return JSON.parse(plain.subarray(0, end).toString('utf8'));
  }
}

/** Waits until `check` passes (a handler or an unawaited push finished), or fails with its last error. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
