// Tests only: a camera that publishes simulcast as a browser does for Janus: the demo clip on rid
// 'full' and the demo's small clip on rid 'low', every packet carrying both the mid and the rid
// header extensions (Janus learns a new SSRC's layer only through its mid). A PLI on a layer's SSRC
// makes that layer jump to its clip's next keyframe.
import { PictureLossIndication, RTCPeerConnection, RtcpPayloadSpecificFeedback, serializeSdesRTPStreamID, useOPUS, useSdesMid, useSdesRTPStreamId, useVP8 } from 'werift';
import { demoClip, demoLowClip } from '../demo-source.js';
import { frameDuration, type IvfFile } from '../ivf.js';
import { LOOPBACK_CONFIG } from '../testing/clients.js';
import type { MediaServer, MediaSession } from '../types.js';
import { Vp8Packetizer } from '../vp8-packetizer.js';

export interface SimulcastCamera {
  session: MediaSession;
  close(): Promise<void>;
}

/** padding: frames made this many times larger (zeros at the end: nobody decodes them), for a full layer of a real camera's rate. */
function layer(clip: IvfFile, ssrc: number, payloadType: number, padding = 1) {
  const packetizer = new Vp8Packetizer({ ssrc, payloadType });
  const ticks = frameDuration(clip);
  let position = 0;
  let timestamp = 1000;
  return {
    ssrc,
    wantKeyframe: false,
    next() {
      if (this.wantKeyframe) {
        this.wantKeyframe = false;
        const next = clip.frames.findIndex((f, i) => i >= position && f.keyframe);
        position = next === -1 ? 0 : next;
      }
      const data = clip.frames[position]!.data;
      const packets = packetizer.packetize(padding > 1 ? Buffer.concat([data, Buffer.alloc(data.length * (padding - 1))]) : data, timestamp);
      position = (position + 1) % clip.frames.length;
      timestamp = (timestamp + ticks) >>> 0;
      return packets;
    },
  };
}

export async function startSimulcastCamera(media: Pick<MediaServer, 'publish'>, streamId: string, address: string, options: { record?: boolean } = {}): Promise<SimulcastCamera> {
  const mid = useSdesMid();
  const rid = useSdesRTPStreamId();
  const pc = new RTCPeerConnection({
    ...LOOPBACK_CONFIG,
    iceAdditionalHostAddresses: [address],
    iceInterfaceAddresses: { udp4: address },
    codecs: { video: [useVP8()], audio: [useOPUS()] },
    headerExtensions: { audio: [], video: [mid, rid] },
  });
  const video = pc.addTransceiver('video', { direction: 'sendonly', simulcast: [{ rid: 'low', direction: 'send' }, { rid: 'full', direction: 'send' }] });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');
  const session = await media.publish(streamId, pc.localDescription!.sdp, { record: options.record });
  await pc.setRemoteDescription({ type: 'answer', sdp: session.answerSdp });
  await pc.connectionStateChange.watch((state) => state === 'connected', 10_000);
  const midId = video.headerExtensions.find((e) => e.uri === mid.uri)?.id;
  const ridId = video.headerExtensions.find((e) => e.uri === rid.uri)?.id;
  if (midId === undefined || ridId === undefined) throw new Error('Janus did not take the mid and rid header extensions');
  const pt = video.sender.codec?.payloadType ?? 96;
  const clip = demoClip();
  // The demo clip is ~300 kbps; a phone's full layer is nearer 1 Mbps.
  const layers = { full: layer(clip, video.sender.ssrc, pt, 3), low: layer(demoLowClip(), video.sender.ssrc + 1, pt) };
  pc.dtlsTransports[0]!.onRtcp.subscribe((packet) => {
    if (!(packet instanceof RtcpPayloadSpecificFeedback) || !(packet.feedback instanceof PictureLossIndication)) return;
    for (const l of Object.values(layers)) if (packet.feedback.mediaSsrc === l.ssrc) l.wantKeyframe = true;
  });
  const frameMs = (frameDuration(clip) * 1000) / 90_000;
  const timer = setInterval(() => {
    for (const [name, l] of Object.entries(layers)) {
      for (const packet of l.next()) {
        packet.header.extension = true;
        packet.header.extensions = [
          { id: midId, payload: Buffer.from(video.mid ?? '0') },
          { id: ridId, payload: serializeSdesRTPStreamID(name) },
        ];
        void video.sender.dtlsTransport.sendRtp(packet.payload, packet.header).catch(() => {});
      }
    }
  }, frameMs);
  return { session, close: async () => (clearInterval(timer), await pc.close()) };
}
