// A small WebM (Matroska) reader for tests: enough EBML to check what the recorder writes — the
// header, the tracks, Duration, SeekHead, Cues and every SimpleBlock — without ffprobe.

export interface WebmTrack {
  number: number;
  codecId: string;
  type: number;
  width?: number;
  height?: number;
}

export interface WebmBlock {
  track: number;
  /** Absolute, in milliseconds (the cluster's time plus the block's offset). */
  timeMs: number;
  keyframe: boolean;
  size: number;
  /** Where the block's cluster starts, from the segment's data. */
  clusterPosition: number;
}

export interface WebmFile {
  docType: string;
  timecodeScale: number;
  durationMs: number | undefined;
  /** Segment size; undefined when it was left "unknown". */
  segmentSize: number | undefined;
  tracks: WebmTrack[];
  /** SeekHead: element id (hex) → position from the segment's data. */
  seek: Map<string, number>;
  cues: { timeMs: number; track: number; clusterPosition: number }[];
  blocks: WebmBlock[];
  /** Ids (hex) of the top-level elements found at each SeekHead/Cues position, for checking them. */
  idAt(position: number): string;
  clusterSizesKnown: boolean;
}

const ID = {
  EBML: '1a45dfa3',
  DocType: '4282',
  Segment: '18538067',
  SeekHead: '114d9b74',
  Seek: '4dbb',
  SeekID: '53ab',
  SeekPosition: '53ac',
  Info: '1549a966',
  TimecodeScale: '2ad7b1',
  Duration: '4489',
  Tracks: '1654ae6b',
  TrackEntry: 'ae',
  TrackNumber: 'd7',
  TrackType: '83',
  CodecID: '86',
  Video: 'e0',
  PixelWidth: 'b0',
  PixelHeight: 'ba',
  Cluster: '1f43b675',
  Timecode: 'e7',
  SimpleBlock: 'a3',
  Cues: '1c53bb6b',
  CuePoint: 'bb',
  CueTime: 'b3',
  CueTrackPositions: 'b7',
  CueTrack: 'f7',
  CueClusterPosition: 'f1',
} as const;

interface Header {
  id: string;
  /** undefined: unknown size. */
  size: number | undefined;
  dataAt: number;
}

function readVint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf[at];
  if (first === undefined || first === 0) throw new Error(`bad EBML variable-size integer at ${at}`);
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length += 1;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i += 1) {
    const byte = buf[at + i];
    if (byte === undefined) throw new Error('truncated EBML integer');
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function header(buf: Buffer, at: number): Header {
  const id = readVint(buf, at, true);
  const size = readVint(buf, at + id.length, false);
  return { id: id.value.toString(16), size: size.unknown ? undefined : size.value, dataAt: at + id.length + size.length };
}

function uint(buf: Buffer, h: Header): number {
  let value = 0;
  for (let i = 0; i < h.size!; i += 1) value = value * 256 + buf[h.dataAt + i]!;
  return value;
}
const float = (buf: Buffer, h: Header) => (h.size === 4 ? buf.readFloatBE(h.dataAt) : buf.readDoubleBE(h.dataAt));

/** The children of a master element: [start, end) of its data. */
function* children(buf: Buffer, start: number, end: number, stopAt: ReadonlySet<string> = new Set()): Generator<Header & { at: number; end: number }> {
  let at = start;
  while (at < end) {
    const h = header(buf, at);
    if (stopAt.has(h.id)) return;
    const elementEnd = h.size === undefined ? end : h.dataAt + h.size;
    yield { ...h, at, end: elementEnd };
    at = elementEnd;
  }
}

const TOP_LEVEL = new Set([ID.Cluster, ID.Cues, ID.SeekHead, ID.Info, ID.Tracks]);

export function parseWebm(buf: Buffer): WebmFile {
  const ebml = header(buf, 0);
  if (ebml.id !== ID.EBML) throw new Error('not an EBML file');
  let docType = '';
  for (const c of children(buf, ebml.dataAt, ebml.dataAt + ebml.size!)) if (c.id === ID.DocType) docType = buf.toString('ascii', c.dataAt, c.end);
  const segAt = ebml.dataAt + ebml.size!;
  const seg = header(buf, segAt);
  if (seg.id !== ID.Segment) throw new Error('no Segment');
  const segEnd = seg.size === undefined ? buf.length : seg.dataAt + seg.size;
  const file: WebmFile = {
    docType,
    timecodeScale: 1_000_000,
    durationMs: undefined,
    segmentSize: seg.size,
    tracks: [],
    seek: new Map(),
    cues: [],
    blocks: [],
    clusterSizesKnown: true,
    idAt: (position) => header(buf, seg.dataAt + position).id,
  };
  let at = seg.dataAt;
  while (at < segEnd) {
    const h = header(buf, at);
    // An unknown-size cluster ends where the next top-level element starts.
    const end = h.size === undefined ? segEnd : h.dataAt + h.size;
    let next = end;
    switch (h.id) {
      case ID.Info:
        for (const c of children(buf, h.dataAt, end)) {
          if (c.id === ID.TimecodeScale) file.timecodeScale = uint(buf, c);
          if (c.id === ID.Duration) file.durationMs = float(buf, c);
        }
        break;
      case ID.SeekHead:
        for (const seek of children(buf, h.dataAt, end)) {
          let id = '';
          let position = -1;
          for (const c of children(buf, seek.dataAt, seek.end)) {
            if (c.id === ID.SeekID) id = buf.toString('hex', c.dataAt, c.end);
            if (c.id === ID.SeekPosition) position = uint(buf, c);
          }
          file.seek.set(id, position);
        }
        break;
      case ID.Tracks:
        for (const entry of children(buf, h.dataAt, end)) {
          if (entry.id !== ID.TrackEntry) continue; // a Void where a track was taken out
          const track: WebmTrack = { number: 0, codecId: '', type: 0 };
          for (const c of children(buf, entry.dataAt, entry.end)) {
            if (c.id === ID.TrackNumber) track.number = uint(buf, c);
            if (c.id === ID.TrackType) track.type = uint(buf, c);
            if (c.id === ID.CodecID) track.codecId = buf.toString('ascii', c.dataAt, c.end);
            if (c.id === ID.Video) {
              for (const v of children(buf, c.dataAt, c.end)) {
                if (v.id === ID.PixelWidth) track.width = uint(buf, v);
                if (v.id === ID.PixelHeight) track.height = uint(buf, v);
              }
            }
          }
          file.tracks.push(track);
        }
        break;
      case ID.Cluster: {
        if (h.size === undefined) file.clusterSizesKnown = false;
        let clusterTime = 0;
        const position = at - seg.dataAt;
        next = h.dataAt;
        for (const c of children(buf, h.dataAt, end, h.size === undefined ? TOP_LEVEL : new Set())) {
          next = c.end;
          if (c.id === ID.Timecode) clusterTime = uint(buf, c);
          if (c.id === ID.SimpleBlock) {
            const track = readVint(buf, c.dataAt, false);
            const offset = buf.readInt16BE(c.dataAt + track.length);
            const flags = buf[c.dataAt + track.length + 2]!;
            file.blocks.push({ track: track.value, timeMs: clusterTime + offset, keyframe: (flags & 0x80) !== 0, size: c.end - c.dataAt - track.length - 3, clusterPosition: position });
          }
        }
        if (h.size !== undefined) next = end;
        break;
      }
      case ID.Cues:
        for (const point of children(buf, h.dataAt, end)) {
          let timeMs = 0;
          for (const c of children(buf, point.dataAt, point.end)) {
            if (c.id === ID.CueTime) timeMs = uint(buf, c);
            if (c.id === ID.CueTrackPositions) {
              let track = 0;
              let clusterPosition = -1;
              for (const p of children(buf, c.dataAt, c.end)) {
                if (p.id === ID.CueTrack) track = uint(buf, p);
                if (p.id === ID.CueClusterPosition) clusterPosition = uint(buf, p);
              }
              file.cues.push({ timeMs, track, clusterPosition });
            }
          }
        }
        break;
    }
    at = next;
  }
  return file;
}
