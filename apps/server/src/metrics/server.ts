import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * /metrics on a listener of its own (METRICS_PORT), never on the public port: what it tells (load,
 * failures, queue depths) is for the operator's Prometheus only. Anything else answers 404.
 */
export function createMetricsServer(registry: Registry, log: FastifyBaseLogger) {
  let server: Server | null = null;
  let address: { host: string; port: number } | null = null;
  let starting: Promise<void> = Promise.resolve();

  function start(host: string, port: number): Promise<void> {
    starting = listen(host, port);
    return starting;
  }

  async function listen(host: string, port: number): Promise<void> {
    const s = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Not found' }));
        return;
      }
      registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          log.error({ err }, 'collecting metrics failed');
          response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Collecting metrics failed' }));
        },
      );
    });
    // A busy port must not take the app down with it: the app serves on, without /metrics.
    const listening = await new Promise<boolean>((resolve) => {
      s.once('error', (err) => {
        log.error({ err, host, port }, 'metrics: could not listen; this instance serves on without /metrics');
        resolve(false);
      });
      s.listen(port, host, () => resolve(true));
    });
    if (!listening) return;
    server = s;
    const bound = s.address() as AddressInfo;
    address = { host, port: bound.port };
    log.info({ host, port: bound.port }, 'metrics: serving /metrics');
  }

  async function close(): Promise<void> {
    await starting;
    const s = server;
    server = null;
    address = null;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  /** Where it listens, once an attempt to listen has settled; null when it does not. */
  async function where() {
    await starting;
    return address;
  }

  return { start, close, address: where };
}
