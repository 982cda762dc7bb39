// Tests only: a camera that sends H.264 only, as OBS and Larix do: a keyframe (SPS and PPS in a
// STAP-A, then an IDR slice) each second or when asked, other slices between. Nobody decodes it;
// Janus reads NAL types, and the recorder frames them.
import { RTCPeerConnection, RtpHeader, RtpPacket, useH264 } from 'werift';
import { LOOPBACK_CONFIG } from '../testing/clients.js';
import type { MediaServer, MediaSession } from '../types.js';

export interface H264Camera {
  session: MediaSession;
  /** Packets numbered so far (sent, or skipped as lost). */
  sent: { packets: number; skipped: number };
  close(): Promise<void>;
}

/** dropEvery: every Nth packet's sequence number is skipped, as a lossy uplink would lose it. */
export async function startH264Camera(media: Pick<MediaServer, 'publish'>, streamId: string, address: string, options: { dropEvery?: number; record?: boolean } = {}): Promise<H264Camera> {
  const pc = new RTCPeerConnection({ ...LOOPBACK_CONFIG, iceAdditionalHostAddresses: [address], iceInterfaceAddresses: { udp4: address }, codecs: { video: [useH264()] } });
  const video = pc.addTransceiver('video', { direction: 'sendonly' });
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete');
  const session = await media.publish(streamId, pc.localDescription!.sdp, { record: options.record });
  await pc.setRemoteDescription({ type: 'answer', sdp: session.answerSdp });
  await pc.connectionStateChange.watch((state) => state === 'connected', 10_000);
  let seq = 1;
  let frame = 0;
  let wantKeyframe = true;
  const sent = { packets: 0, skipped: 0 };
  video.sender.onPictureLossIndication.subscribe(() => (wantKeyframe = true));
  const send = (payload: Buffer, marker: boolean) => {
    sent.packets += 1;
    if (options.dropEvery && sent.packets % options.dropEvery === 0) {
      sent.skipped += 1;
      seq = (seq + 1) & 0xffff;
    }
    const header = new RtpHeader({ payloadType: video.sender.codec?.payloadType ?? 96, sequenceNumber: seq, timestamp: (frame * 3000) >>> 0, ssrc: video.sender.ssrc, marker });
    seq = (seq + 1) & 0xffff;
    void video.sender.sendRtp(new RtpPacket(header, payload)).catch(() => {});
  };
  const timer = setInterval(() => {
    if (wantKeyframe || frame % 30 === 0) {
      wantKeyframe = false;
      const sps = Buffer.from([0x67, 0x42, 0xe0, 0x1f, 0xda, 0x02, 0x80, 0xbf, 0xe5]);
      const pps = Buffer.from([0x68, 0xce, 0x3c, 0x80]);
      send(Buffer.concat([Buffer.from([0x18, 0, sps.length]), sps, Buffer.from([0, pps.length]), pps]), false);
      send(Buffer.concat([Buffer.from([0x65, 0x88]), Buffer.alloc(900, 0x11)]), true);
    } else {
      send(Buffer.concat([Buffer.from([0x41, 0x9a]), Buffer.alloc(400, 0x22)]), true);
    }
    frame += 1;
  }, 33);
  return { session, sent, close: async () => (clearInterval(timer), await pc.close()) };
}
