import https from 'node:https';
import type { Duplex } from 'node:stream';

/** Whether a host is one of the push services or a subdomain of one. */
export function isPushServiceHost(host: string, hosts: readonly string[]): boolean {
  const name = host.toLowerCase();
  return hosts.some((allowed) => name === allowed || name.endsWith(`.${allowed}`));
}

/** Thrown (as the request's error) when a push would connect anywhere but a push service. */
export class PushHostRefused extends Error {
  constructor(readonly host: string) {
    super(`Web Push refused to connect to ${host}: not a push service`);
  }
}

type Connected = (err: Error | null, stream: Duplex) => void;

/**
 * The only way Web Push requests leave the server. web-push reads an endpoint's host with Node's
 * legacy `url.parse`, which can disagree with the WHATWG parser the routes check with
 * (`https://127.0.0.1;.fcm.googleapis.com/` is 127.0.0.1 to one, fcm to the other). So the host is
 * checked again here, on the name actually being connected to, whatever any parser made of the URL.
 * `port` is the one port allowed (443); a test agent sets it to reach its own push service.
 */
export class PushAgent extends https.Agent {
  private readonly hosts: readonly string[];
  private readonly allowedPort: number;

  constructor(hosts: readonly string[], options: https.AgentOptions = {}) {
    // Like Node's global agent, which pushes went through before: kept-alive sockets, closed when idle.
    super({ keepAlive: true, scheduling: 'lifo', timeout: 5000, ...options });
    this.hosts = hosts.map((h) => h.toLowerCase());
    this.allowedPort = options.port === undefined ? 443 : Number(options.port);
  }

  // Node's Agent calls this with the request's options merged with the agent's, and a callback for
  // an error; returning nothing after calling it back fails just that request.
  override createConnection(options: https.RequestOptions, callback?: Connected): Duplex | null | undefined {
    const host = options.host ?? '';
    if (!isPushServiceHost(host, this.hosts) || Number(options.port) !== this.allowedPort) {
      const refused = new PushHostRefused(`${host}:${options.port}`);
      if (!callback) throw refused;
      (callback as (err: Error) => void)(refused);
      return undefined;
    }
    return super.createConnection(options, callback);
  }
}
