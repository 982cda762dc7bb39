// Checks a WHIP/WHEP offer and trims its codec lists before werift sees it. werift's answer echoes
// every remote codec whose name it knows (all of Chrome's H264 variants, RTX, RED...), and its
// sender always sends with the first one; trimming the offer decides what gets negotiated:
// - publisher: exactly one video codec (VP8 preferred, else the best H264) plus its RTX, and Opus;
// - viewer: VP8 and one H264 (the publisher's codec is picked per viewer later) and Opus, without
//   RTX, so werift retransmits a viewer's NACKed packets on the media SSRC whatever codec is chosen.
import { MediaError } from './errors.js';

export type Role = 'publish' | 'play';
export type MediaKind = 'audio' | 'video';

export interface PreparedOffer {
  sdp: string;
  /** The kinds that will carry media in the role's direction. */
  kinds: MediaKind[];
}

export const MAX_SDP_LENGTH = 64 * 1024;

interface Codec {
  payloadType: string;
  name: string;
  clockRate: number;
  fmtp: string;
}

interface Section {
  mLine: string[];
  lines: string[];
}

const DIRECTIONS = new Set(['sendrecv', 'sendonly', 'recvonly', 'inactive']);
const USABLE: Record<Role, Set<string>> = {
  publish: new Set(['sendonly', 'sendrecv']),
  play: new Set(['recvonly', 'sendrecv']),
};

export function prepareOffer(offer: unknown, role: Role): PreparedOffer {
  if (typeof offer !== 'string' || offer.length > MAX_SDP_LENGTH) throw new MediaError('The offer is not an SDP document', 400);
  const all = offer.split(/\r?\n/).filter((line) => line.length > 0);
  if (all[0] !== 'v=0' || !all.every((line) => /^[a-z]=/.test(line))) {
    throw new MediaError('The offer is not an SDP document', 400);
  }
  const session: string[] = [];
  const sections: Section[] = [];
  for (const line of all) {
    if (line.startsWith('m=')) sections.push({ mLine: line.slice(2).split(' '), lines: [] });
    else if (sections.length > 0) sections.at(-1)!.lines.push(line);
    else session.push(line);
  }

  const kinds: MediaKind[] = [];
  const out = [...session];
  for (const section of sections) {
    const [kind, port, proto, ...formats] = section.mLine;
    if ((kind !== 'audio' && kind !== 'video') || port === '0' || !proto) {
      out.push(`m=${section.mLine.join(' ')}`, ...section.lines);
      continue;
    }
    const simulcast = role === 'publish' && section.lines.some((line) => line.startsWith('a=simulcast:'));
    // werift routes simulcast layers by rid but cannot tell RTX apart per layer: without RTX
    // negotiated, a browser resends lost packets on the layer's own SSRC.
    const keep = chooseCodecs(kind, codecsOf(section.lines, formats), role).slice(0, simulcast ? 1 : undefined);
    if (keep.length === 0) {
      const wanted = kind === 'audio' ? 'Opus' : 'VP8 or H264';
      throw new MediaError(`The offer's ${kind} has no supported codec (${wanted})`, 400);
    }
    const direction = section.lines.map((line) => line.slice(2)).find((attr) => DIRECTIONS.has(attr)) ?? 'sendrecv';
    if (USABLE[role].has(direction) && !kinds.includes(kind)) kinds.push(kind);
    out.push(`m=${kind} ${port} ${proto} ${keep.join(' ')}`, ...section.lines.filter((line) => keepsLine(line, keep)));
  }
  if (kinds.length === 0) {
    throw new MediaError(role === 'publish' ? 'The offer has no audio or video to publish' : 'The offer has no audio or video to receive', 400);
  }
  return { sdp: `${out.join('\r\n')}\r\n`, kinds };
}

function codecsOf(lines: string[], formats: string[]): Codec[] {
  const codecs = new Map<string, Codec>();
  for (const line of lines) {
    const rtpmap = /^a=rtpmap:(\d+) ([^/\s]+)\/(\d+)/.exec(line);
    if (rtpmap) codecs.set(rtpmap[1]!, { payloadType: rtpmap[1]!, name: rtpmap[2]!.toLowerCase(), clockRate: Number(rtpmap[3]), fmtp: '' });
  }
  for (const line of lines) {
    const fmtp = /^a=fmtp:(\d+) (.*)$/.exec(line);
    const codec = fmtp && codecs.get(fmtp[1]!);
    if (codec) codec.fmtp = fmtp[2]!.toLowerCase();
  }
  // The m= line's order is the offerer's preference.
  return formats.map((pt) => codecs.get(pt)).filter((codec): codec is Codec => codec !== undefined);
}

function fmtpParam(codec: Codec, name: string): string | undefined {
  for (const pair of codec.fmtp.split(';')) {
    const [key, value] = pair.trim().split('=');
    if (key === name) return value;
  }
  return undefined;
}

/** Browsers decode constrained baseline packetization-mode 1 everywhere; prefer it. */
function h264Score(codec: Codec): number {
  const profile = fmtpParam(codec, 'profile-level-id') ?? '';
  return (fmtpParam(codec, 'packetization-mode') === '1' ? 2 : 0) + (/^42[ce]0/.test(profile) ? 1 : 0);
}

function chooseCodecs(kind: MediaKind, codecs: Codec[], role: Role): string[] {
  if (kind === 'audio') {
    const opus = codecs.find((c) => c.name === 'opus' && c.clockRate === 48_000);
    return opus ? [opus.payloadType] : [];
  }
  const vp8 = codecs.find((c) => c.name === 'vp8' && c.clockRate === 90_000);
  let h264: Codec | undefined;
  for (const codec of codecs) {
    if (codec.name === 'h264' && codec.clockRate === 90_000 && (!h264 || h264Score(codec) > h264Score(h264))) h264 = codec;
  }
  if (role === 'play') return [vp8, h264].filter((c): c is Codec => c !== undefined).map((c) => c.payloadType);
  const primary = vp8 ?? h264;
  if (!primary) return [];
  const rtx = codecs.filter((c) => c.name === 'rtx' && fmtpParam(c, 'apt') === primary.payloadType);
  return [primary.payloadType, ...rtx.map((c) => c.payloadType)];
}

function keepsLine(line: string, keep: string[]): boolean {
  const match = /^a=(?:rtpmap|fmtp|rtcp-fb):(\d+)/.exec(line);
  return !match || keep.includes(match[1]!);
}
