// werift peer connections for the SFU: configuration, the non-trickle answer, and the watch that
// closes a session whose ICE/DTLS failed, closed, stayed disconnected or never connected.
import { isIP } from 'node:net';
import os from 'node:os';
import { type RTCPeerConnection, RTCRtpCodecParameters, useH264, useOPUS, useRepairedRtpStreamId, useSdesMid, useSdesRTPStreamId, useVP8, type RTCPeerConnectionConfig } from 'werift';
import { MediaError } from './errors.js';
import type { PeerSettings } from './protocol.js';
import type { Role } from './sdp.js';

export const ICE_GATHERING_TIMEOUT_MS = 5_000;
/** ICE consent freshness can recover from a short outage; a longer one ends the session. */
export const DISCONNECTED_GRACE_MS = 10_000;
/** A client that never uses its answer is dropped after this. */
export const CONNECT_DEADLINE_MS = 30_000;

function isLocalAddress(address: string): boolean {
  if (address === '127.0.0.1' || address === '::1') return true;
  return Object.values(os.networkInterfaces()).some((list) => list?.some((iface) => iface.address === address));
}

function hasExternalInterface(): boolean {
  const linkLocal = /^(169\.254\.|fe80:)/i;
  return Object.values(os.networkInterfaces()).some((list) => list?.some((iface) => !iface.internal && !linkLocal.test(iface.address)));
}

export function peerConfig(settings: PeerSettings, role: Role): RTCPeerConnectionConfig {
  const video = [useVP8(), useH264()];
  // RTX is accepted from publishers (werift unwraps it); viewers get retransmissions on the media SSRC.
  if (role === 'publish') video.push(new RTCRtpCodecParameters({ mimeType: 'video/rtx', clockRate: 90_000 }));
  const config: RTCPeerConnectionConfig = {
    // werift's default is a public STUN server; the SFU only ever offers host candidates.
    iceServers: settings.iceServers,
    codecs: { audio: [useOPUS()], video },
    // Simulcast from a publisher needs mid and rid on its packets (werift routes the layers by rid).
    headerExtensions: { audio: [], video: role === 'publish' ? [useSdesMid(), useSdesRTPStreamId(), useRepairedRtpStreamId()] : [] },
    icePortRange: settings.icePortRange,
  };
  // werift never offers loopback on its own: on a machine with no other interface (a laptop
  // offline) there would be no candidate at all, so fall back to 127.0.0.1 there.
  const address = settings.announcedAddress ?? (hasExternalInterface() ? undefined : '127.0.0.1');
  if (address) {
    const family = isIP(address);
    if (family === 0) throw new Error(`announcedAddress must be an IP address, not ${address}`);
    // Exactly one host candidate: the announced address. Bind to it when it is ours; otherwise
    // (a 1:1 NAT's public address) bind to every interface and only advertise it.
    config.iceUseIpv4 = false;
    config.iceUseIpv6 = false;
    config.iceAdditionalHostAddresses = [address];
    if (isLocalAddress(address)) config.iceInterfaceAddresses = family === 4 ? { udp4: address } : { udp6: address };
  }
  return config;
}

/** Applies the offer, lets `prepare` adjust transceivers, and returns the answer with every candidate in it. */
export async function answerOffer(pc: RTCPeerConnection, offerSdp: string, prepare: () => void): Promise<string> {
  try {
    await pc.setRemoteDescription({ type: 'offer', sdp: offerSdp });
  } catch (error) {
    throw new MediaError(`The offer was refused: ${(error as Error).message}`, 400);
  }
  prepare();
  // Answer a=setup:passive: the remote side starts the DTLS handshake as soon as ICE connects.
  // As the DTLS client, werift sleeps 100 ms before its ClientHello; browsers do not.
  for (const transport of pc.dtlsTransports) transport.role = 'server';
  await pc.setLocalDescription(await pc.createAnswer());
  await gatheringComplete(pc);
  const sdp = pc.localDescription?.sdp;
  if (!sdp) throw new MediaError('No answer was produced', 503);
  return sdp;
}

async function gatheringComplete(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.unSubscribe();
      reject(new MediaError('ICE gathering timed out', 503));
    }, ICE_GATHERING_TIMEOUT_MS);
    const sub = pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      clearTimeout(timer);
      sub.unSubscribe();
      resolve();
    });
  });
}

export interface ConnectionWatch {
  dispose(): void;
}

/** Calls `onConnected` on each (re)connection and `onGone` once when the session should end. */
export function watchConnection(pc: RTCPeerConnection, onConnected: () => void, onGone: (reason: string) => void): ConnectionWatch {
  let disconnectedTimer: NodeJS.Timeout | undefined;
  let gone = false;
  const end = (reason: string) => {
    if (gone) return;
    gone = true;
    watch.dispose();
    onGone(reason);
  };
  const connectTimer = setTimeout(() => end('never connected'), CONNECT_DEADLINE_MS);
  const sub = pc.connectionStateChange.subscribe((state) => {
    if (state === 'connected') {
      clearTimeout(connectTimer);
      clearTimeout(disconnectedTimer);
      disconnectedTimer = undefined;
      onConnected();
    } else if (state === 'disconnected') {
      disconnectedTimer ??= setTimeout(() => end('disconnected'), DISCONNECTED_GRACE_MS);
    } else if (state === 'failed' || state === 'closed') {
      end(state);
    }
  });
  const watch = {
    dispose() {
      clearTimeout(connectTimer);
      clearTimeout(disconnectedTimer);
      sub.unSubscribe();
    },
  };
  return watch;
}

/** A safe msid stream id: browsers group a viewer's audio and video by it for lip sync. */
export function msidFor(streamId: string): string {
  return `lm-${streamId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64)}`;
}
