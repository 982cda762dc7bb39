import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app.js';

// /ws lives in a scope of its own (decision 055): an upgrade anywhere else is refused before a route runs.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** Sends a raw upgrade request; resolves to everything the server wrote before it closed the socket. */
function upgrade(path: string, origin = t.config.publicOrigin): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      got += chunk;
      // A 101 keeps the socket open: that is an answer too.
      if (got.startsWith('HTTP/1.1 101')) socket.destroy();
    });
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
    socket.setTimeout(5000, () => reject(new Error(`no answer to the upgrade of ${path}`)));
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nOrigin: ${origin}\r\n` +
        'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
  });
}

describe('WebSocket upgrades', () => {
  it('to any path but /ws are answered 404 and the socket is closed', async () => {
    for (const path of ['/api/streams/live', '/', '/wsx', '/api/ws']) {
      const answer = await upgrade(path);
      expect(answer, path).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
      expect(answer.endsWith('{"message":"Not Found"}'), path).toBe(true);
    }
  });

  it('to /ws still go through its checks: a foreign page 403, a visitor without a session 401', async () => {
    expect(await upgrade('/ws', 'https://evil.example.com')).toMatch(/^HTTP\/1\.1 403 /);
    expect(await upgrade('/ws?x=1')).toMatch(/^HTTP\/1\.1 401 /);
  });
});
