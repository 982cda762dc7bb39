// A publisher's simulcast layers on Janus (decision 052). Janus numbers a video's rids as substreams
// 0..2 in the order the offer lists them ("lmh") or the reverse ("hml"); which one is told with the
// offer's rid_order. Browsers list our web app's layers lowest first (low, full), janus.js highest
// first (h, m, l): the order is read from the names, as the embedded SFU does (decision 017).

export interface PublisherLayers {
  ridOrder: 'lmh' | 'hml';
  /** The substream with the full picture (what the recording prefers). */
  full: number;
  /** The smallest substream, for data-saver viewers; null without simulcast. */
  low: number | null;
}

const LOW_NAMES = /^(low|l|q)$/i;

/** The rids of the offer's first video section, in the order Janus reads them (its a=rid lines). */
export function videoRids(sdp: string): string[] {
  const video = sdp.split(/\r?\n(?=m=)/).find((section) => section.startsWith('m=video'));
  if (!video) return [];
  return [...video.matchAll(/^a=rid:(\S+) send/gm)].map((m) => m[1]!).slice(0, 3);
}

export function publisherLayers(offerSdp: string): PublisherLayers {
  const rids = videoRids(offerSdp);
  if (rids.length < 2) return { ridOrder: 'lmh', full: 0, low: null };
  // Listed highest first when the last is the low one (or the first is not): janus.js's h, m, l.
  const highFirst = !LOW_NAMES.test(rids[0]!) && (LOW_NAMES.test(rids.at(-1)!) || rids.length === 3);
  return highFirst ? { ridOrder: 'hml', full: 2, low: 3 - rids.length } : { ridOrder: 'lmh', full: rids.length - 1, low: 0 };
}
