// The demo clip for a show on Janus: the same RTP the embedded SFU plays, sent over UDP to the
// show's mountpoint on every node that has viewers of it.
import dgram from 'node:dgram';
import { DemoSource } from '../demo-source.js';
import { VIDEO_PT } from './janus-node.js';

export class DemoFeeder {
  readonly #socket = dgram.createSocket('udp4');
  readonly #targets = new Map<string, { host: string; port: number }>();
  readonly #source = new DemoSource({
    payloadType: VIDEO_PT,
    onPacket: (packet) => {
      const bytes = packet.serialize();
      for (const { host, port } of this.#targets.values()) this.#socket.send(bytes, port, host);
    },
  });

  constructor() {
    // A node that went away answers with ICMP errors; the clip goes on for the others.
    this.#socket.on('error', () => {});
    this.#source.start();
  }

  /** key: the node's mountpoint, so a node whose mountpoint was made again replaces its old target. */
  addTarget(key: string, host: string, port: number) {
    this.#targets.set(key, { host, port });
    this.#source.requestKeyframe();
  }

  removeTarget(key: string) {
    this.#targets.delete(key);
  }

  stop() {
    this.#source.stop();
    this.#socket.close();
  }
}
