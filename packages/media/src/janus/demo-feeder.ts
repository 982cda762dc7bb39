// The demo clip for a show on Janus: the same RTP the embedded SFU plays, sent over UDP to the
// show's mountpoint on every node that has viewers of it. As from a simulcast camera (decision 052):
// the small clip on substream 0 for data-saver viewers, the full clip on substream 1.
import dgram from 'node:dgram';
import { demoLowClip, DemoSource } from '../demo-source.js';
import { type MountpointPorts, VIDEO_PT } from './janus-node.js';

interface Target {
  host: string;
  low: number;
  full: number;
}

export class DemoFeeder {
  readonly #socket = dgram.createSocket('udp4');
  readonly #targets = new Map<string, Target>();
  readonly #sources = (['full', 'low'] as const).map(
    (layer) =>
      new DemoSource({
        payloadType: VIDEO_PT,
        clip: layer === 'low' ? demoLowClip() : undefined,
        onPacket: (packet) => {
          const bytes = packet.serialize();
          for (const target of this.#targets.values()) if (target[layer]) this.#socket.send(bytes, target[layer], target.host);
        },
      }),
  );

  constructor() {
    // A node that went away answers with ICMP errors; the clip goes on for the others.
    this.#socket.on('error', () => {});
    for (const source of this.#sources) source.start();
  }

  /** key: the node's mountpoint, so a node whose mountpoint was made again replaces its old target. */
  addTarget(key: string, host: string, ports: MountpointPorts) {
    // A mountpoint without simulcast ports plays the full clip alone.
    this.#targets.set(key, ports.videoPort2 ? { host, low: ports.videoPort, full: ports.videoPort2 } : { host, low: 0, full: ports.videoPort } /* low 0: not sent */);
    for (const source of this.#sources) source.requestKeyframe();
  }

  removeTarget(key: string) {
    this.#targets.delete(key);
  }

  stop() {
    for (const source of this.#sources) source.stop();
    this.#socket.close();
  }
}
