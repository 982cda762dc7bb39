import { describe, expect, it } from 'vitest';
import { MediaError } from './errors.js';
import { prepareOffer } from './sdp.js';

// The shape of Chrome's offer, trimmed to what matters here.
const chromeOffer = (direction: string) =>
  [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 126',
    'a=mid:0',
    `a=${direction}`,
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'a=rtpmap:63 red/48000/2',
    'a=rtpmap:126 telephone-event/8000',
    'm=video 9 UDP/TLS/RTP/SAVPF 96 97 102 103 108 109',
    'a=mid:1',
    `a=${direction}`,
    'a=rtpmap:96 VP8/90000',
    'a=rtcp-fb:96 nack pli',
    'a=rtpmap:97 rtx/90000',
    'a=fmtp:97 apt=96',
    'a=rtpmap:102 H264/90000',
    'a=fmtp:102 level-asymmetry-allowed=1;packetization-mode=0;profile-level-id=42001f',
    'a=rtpmap:103 rtx/90000',
    'a=fmtp:103 apt=102',
    'a=rtpmap:108 H264/90000',
    'a=fmtp:108 level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
    'a=rtcp-fb:108 nack pli',
    'a=rtpmap:109 rtx/90000',
    'a=fmtp:109 apt=108',
    'a=ssrc:1 cname:x',
    '',
  ].join('\r\n');

const mLines = (sdp: string) => sdp.split('\r\n').filter((l) => l.startsWith('m='));

describe('prepareOffer', () => {
  it('keeps one video codec with its RTX, and Opus, for a publisher', () => {
    const { sdp, kinds } = prepareOffer(chromeOffer('sendonly'), 'publish');
    expect(kinds).toEqual(['audio', 'video']);
    expect(mLines(sdp)).toEqual(['m=audio 9 UDP/TLS/RTP/SAVPF 111', 'm=video 9 UDP/TLS/RTP/SAVPF 96 97']);
    expect(sdp).not.toContain('a=rtpmap:108');
    expect(sdp).toContain('a=ssrc:1 cname:x');
  });

  it('keeps a simulcast publisher\'s rids and drops its RTX (werift cannot tell RTX apart per layer)', () => {
    const simulcast = chromeOffer('sendonly').replace('a=mid:1', 'a=mid:1\r\na=rid:low send\r\na=rid:full send\r\na=simulcast:send low;full');
    const { sdp } = prepareOffer(simulcast, 'publish');
    expect(mLines(sdp)).toEqual(['m=audio 9 UDP/TLS/RTP/SAVPF 111', 'm=video 9 UDP/TLS/RTP/SAVPF 96']);
    expect(sdp).toContain('a=simulcast:send low;full\r\n');
    expect(sdp).toContain('a=rid:low send\r\n');
  });

  it('prefers packetization-mode=1 constrained baseline when a publisher offers only H264', () => {
    const h264Only = chromeOffer('sendonly').replace('96 97 102', '102').replace(/a=rtpmap:96 VP8\/90000\r\n/, '');
    expect(mLines(prepareOffer(h264Only, 'publish').sdp)[1]).toBe('m=video 9 UDP/TLS/RTP/SAVPF 108 109');
  });

  it('keeps VP8 and the best H264, without RTX, for a viewer', () => {
    const { sdp, kinds } = prepareOffer(chromeOffer('recvonly'), 'play');
    expect(kinds).toEqual(['audio', 'video']);
    expect(mLines(sdp)[1]).toBe('m=video 9 UDP/TLS/RTP/SAVPF 96 108');
  });

  it('answers 400 to what is not an SDP offer or carries nothing to use', () => {
    const status = (offer: unknown, role: 'publish' | 'play') => {
      try {
        prepareOffer(offer, role);
        return 'accepted';
      } catch (error) {
        return error instanceof MediaError ? error.status : 'other';
      }
    };
    expect(status('hello', 'publish')).toBe(400);
    expect(status(42, 'play')).toBe(400);
    expect(status('v=0\r\no=- 1 2 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n', 'publish')).toBe(400);
    expect(status(chromeOffer('recvonly'), 'publish')).toBe(400); // nothing to publish
    expect(status(chromeOffer('sendonly'), 'play')).toBe(400); // nothing to receive
    expect(status(chromeOffer('sendonly').replace('a=rtpmap:111 opus', 'a=rtpmap:111 speex'), 'publish')).toBe(400);
  });
});
