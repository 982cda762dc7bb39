import anyAscii from 'any-ascii';

// Indian scripts (Devanagari to Malayalam, U+0900–U+0D7F): any-ascii writes their च as "c" and drops the
// inherent vowel (लहंगा → "lhmga"). Latin spellings write च as "ch" and the vowel as "a" or "e".
const INDIC = /[\u0900-\u0d7f]+/g;
// Anusvara (and Gurmukhi tippi): a nasal Latin writers spell "n" (अंगूठी → anguthi); any-ascii writes "m",
// which would part it from a real म (झुमका → jhumka).
const ANUSVARA = /[\u0902\u0982\u0a02\u0a70\u0a82\u0b82\u0c02\u0c82\u0d02]/g;

function toAscii(text: string): string {
  // ड़/ढ़ come out as "d'"/"dh'"; shoppers write them "r" (saari, churi).
  return text.replace(INDIC, (run) => anyAscii(run.replace(ANUSVARA, 'न')).replace(/c(?!h)/g, 'ch').replace(/dh?'/g, 'r'));
}

const CONSONANT = 'bcdfgjklmnpqrstvxyz';
const ASPIRATED = new RegExp(`([${CONSONANT}])h`, 'g');

/**
 * One word as it sounds, the way Indians spell it in Latin letters: saree/sari/saaree, jhumka/jumka,
 * earrings/earings, payal/payl (a dropped inherent vowel) all meet. Applied alike to names and queries,
 * so it only has to make variants equal, not produce a pretty spelling.
 */
export function phonetic(word: string): string {
  let w = word
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    // "ch" stays c (चूड़ी → chudi → cudi); any other c is a k (cricket, cushion).
    .replace(/c(?!h)/g, 'k')
    .replace(/ch/g, 'c')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    // Aspiration is spelt inconsistently (jhumka/jumka, bhindi/bindi, shirt/sirt).
    .replace(ASPIRATED, '$1')
    .replace(/ee|ii|ie|ey/g, 'i')
    .replace(/oo|uu|ou/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/([a-z])\1+/g, '$1');
  // The inherent vowel: written "a" or "e" in Latin letters (lehenga, mehendi), absent from any-ascii's output.
  w = w.replace(new RegExp(`(?<=[${CONSONANT}h])[ae](?=[${CONSONANT}h])`, 'g'), '').replace(ASPIRATED, '$1');
  if (w.length > 3) w = w.replace(/[aeh]$/, '');
  return w;
}

/** Lower-case ASCII words of a text in any script, each phonetic. */
export function words(text: string): string[] {
  return toAscii(text.toLowerCase())
    .toLowerCase()
    .replace(/['’`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(phonetic)
    .filter(Boolean);
}
