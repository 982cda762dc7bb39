// Where a show's media goes on Janus: the node a publisher or viewer is placed on (by every app
// instance's load, decision 052) and the show's mountpoint on each node with viewers, fed by RTP forwarding.
import type { JanusNode } from './janus-node.js';
import type { Relay, Show } from './janus-show.js';

/**
 * Among the nodes not known to be down (all of them when none is up, to try again), the one with
 * the fewest sessions of every app instance.
 */
export async function leastLoadedNode(nodes: JanusNode[]): Promise<JanusNode> {
  const up = nodes.filter((node) => node.available);
  const candidates = up.length ? up : nodes;
  await Promise.all(candidates.map((node) => node.refreshLoad()));
  return candidates.reduce((best, node) => (node.placed < best.placed ? node : best));
}

/** A node already playing the show while it has room for one more viewer of it, else the least loaded. */
export function nodeForViewer(show: Show, nodes: JanusNode[], viewersPerNode: number): Promise<JanusNode> {
  const open = [...show.relays.keys()].filter((node) => node.available && (show.viewers.get(node) ?? 0) < viewersPerNode);
  return leastLoadedNode(open.length ? open : nodes);
}

/** The publisher's stream, from the room's node to a relay's mountpoint. */
export async function forwardPublisher(show: Show, relay: Relay): Promise<void> {
  const publisher = show.publisher;
  if (!publisher || !show.roomNode) return;
  await show.roomNode.forward(show.id, publisher.sessionId, relay.node.host, relay.ports);
}

/** The show's mountpoint on this node, made once and fed by the publisher or the demo clip. */
export function relayOn(show: Show, node: JanusNode): Promise<Relay> {
  return show.relays.get(node) ?? makeRelay(show, node);
}

/** A new mountpoint for the show on this node (for its current codec); forgotten if it could not be made. */
export function makeRelay(show: Show, node: JanusNode): Promise<Relay> {
  const relay = (async () => {
    const codec = show.codec;
    const ports = await node.createMountpoint(show.id, codec);
    const made = { node, ports };
    if (codec === 'vp8') show.demo?.addTarget(String(node.index), node.host, ports);
    await forwardPublisher(show, made);
    return made;
  })();
  show.relays.set(node, relay);
  relay.catch(() => {
    if (show.relays.get(node) === relay) show.relays.delete(node);
  });
  return relay;
}
