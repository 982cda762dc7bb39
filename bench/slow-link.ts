import net from 'node:net';

export type LinkProfile = { rttMs: number; downKbps: number; upKbps: number };

/** Lighthouse's Slow 4G: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
export const SLOW_4G: LinkProfile = { rttMs: 150, downKbps: 1600, upKbps: 750 };

/**
 * Delays each direction by half the round trip and spaces the bytes to the link's rate, in order: one
 * queue and one timer per direction (a timer per chunk could fire two chunks out of order when their
 * times fell in the same millisecond, which broke compressed responses sent in many small chunks).
 */
function relay(from: net.Socket, to: net.Socket, delayMs: number, kbps: number) {
  let linkFreeAt = 0;
  const queue: Array<{ at: number; chunk: Buffer | null }> = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const now = Date.now();
    while (queue.length > 0 && queue[0]!.at <= now) {
      const { chunk } = queue.shift()!;
      if (chunk === null) to.end();
      else if (to.writable) to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(flush, queue[0]!.at - now);
  };
  const send = (chunk: Buffer | null) => {
    const now = Date.now();
    linkFreeAt = Math.max(now, linkFreeAt) + ((chunk?.length ?? 0) * 8) / kbps;
    queue.push({ at: linkFreeAt + delayMs, chunk });
    timer ??= setTimeout(flush, queue[0]!.at - now);
  };
  from.on('data', (chunk: Buffer) => send(chunk));
  from.on('end', () => send(null));
}

/**
 * A TCP relay in front of the server that behaves like a slow mobile link for every connection the
 * browser opens, the service worker's own fetches included. DevTools throttling, by contrast, slows only
 * the page's requests: a page the worker fetched from the network would arrive unthrottled.
 */
export async function startSlowLink(listenPort: number, targetPort: number, link: LinkProfile = SLOW_4G): Promise<net.Server> {
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    // The connection's own handshake costs a round trip, as on a real link.
    client.pause();
    setTimeout(() => {
      relay(client, upstream, link.rttMs / 2, link.upKbps);
      relay(upstream, client, link.rttMs / 2, link.downKbps);
      client.resume();
    }, link.rttMs);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return server;
}
