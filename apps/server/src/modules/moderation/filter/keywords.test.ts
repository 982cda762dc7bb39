import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileKeywordFilter, defaultKeywordFilter, foldText, normalizeKeyword } from './keywords.js';

const lists = JSON.parse(readFileSync(new URL('./default-keywords.json', import.meta.url), 'utf8')) as Record<string, string[]>;
const SCRIPTS: Record<string, string> = {
  hi: 'Devanagari',
  mr: 'Devanagari',
  bn: 'Bengali',
  te: 'Telugu',
  ta: 'Tamil',
  gu: 'Gujarati',
  kn: 'Kannada',
  ml: 'Malayalam',
  pa: 'Gurmukhi',
};
const LANGUAGES = ['en', ...Object.keys(SCRIPTS)];
const ZWSP = '\u200B';
const ZWNJ = '\u200C';
const ZWJ = '\u200D';

describe('foldText', () => {
  it('applies NFKC, lower case, and drops zero-width characters', () => {
    expect(foldText('ＨｅＬＬｏ')).toBe('hello');
    expect(foldText('\u0958')).toBe(foldText('\u0915\u093C'));
    expect(foldText(`s${ZWSP}a${ZWNJ}l${ZWJ}e\u2060!\uFEFF\u00AD`)).toBe('sale!');
    expect(foldText('ÀÉ')).toBe('àé');
  });

  // Direction marks, invisible operators, CGJ, Mongolian vowel separator, Hangul fillers, bidi controls.
  const INVISIBLES = [0x200e, 0x200f, 0x2061, 0x2062, 0x2063, 0x2064, 0x034f, 0x180e, 0x3164, 0x115f, 0x1160, 0xffa0];
  for (let code = 0x202a; code <= 0x202e; code++) INVISIBLES.push(code);
  for (let code = 0x2066; code <= 0x2069; code++) INVISIBLES.push(code);
  it.each(INVISIBLES.map((code) => [code.toString(16).toUpperCase(), String.fromCodePoint(code)]))('drops the invisible U+%s', (_code, ch) => {
    expect(foldText(`s${ch}a${ch}le`)).toBe('sale');
    expect(normalizeKeyword(`${ch}scam${ch}`)).toBe('scam');
  });
});

describe('normalizeKeyword', () => {
  it.each([
    ['  Cheap \t  COPY \n', 'cheap copy'],
    ['ｆｕｌｌ　ｗｉｄｔｈ', 'full width'],
    ['co\u00ADpy', 'copy'],
    [`न${ZWJ}कली`, 'नकली'],
    ['scam*', 'scam*'],
    [ZWSP, ''],
    ['   ', ''],
  ])('%j → %j', (word, stored) => expect(normalizeKeyword(word)).toBe(stored));
});

describe('compileKeywordFilter', () => {
  it('never matches with an empty or unusable list', () => {
    for (const words of [[], ['', '  ', '*', ' * ', ZWSP]]) {
      const filter = compileKeywordFilter(words);
      expect(filter.size).toBe(0);
      expect(filter.match('anything at all, even an empty keyword')).toBeNull();
      expect(filter.match('')).toBeNull();
    }
  });

  it('counts distinct usable words', () => {
    expect(compileKeywordFilter(['Bad', 'bad', ' BAD ', 'ｂａｄ', 'bad*', 'good']).size).toBe(3);
  });

  it('reports the keyword as given in the list, the first one in the text', () => {
    const filter = compileKeywordFilter(['Cheap copy', 'नकली', 'FAKE']);
    expect(filter.match('this is a fake, a cheap copy')).toBe('FAKE');
    expect(filter.match('cheap copy hai, नकली')).toBe('Cheap copy');
  });

  it('prefers the longer of two keywords starting at the same place', () => {
    expect(compileKeywordFilter(['scam*', 'scammer']).match('a scammer')).toBe('scammer');
  });

  const custom = compileKeywordFilter(['Cheap copy', 'नकली', 'ass', 'scam*', 'abad', 'ok', 'न\u0958ली']);
  it.each([
    ['CHEAP COPY', 'Cheap copy'],
    ['this is a cheap   copy', 'Cheap copy'],
    ['cheap-copy!!', 'Cheap copy'],
    ['cheap...copy', 'Cheap copy'],
    ['cheap 👉 copy', 'Cheap copy'],
    ['cheeeap coppy', 'Cheap copy'],
    ['ये नकली है', 'नकली'],
    ['ये नक\u200Dली है', 'नकली'],
    ['नकलीी माल', 'नकली'],
    ['ass', 'ass'],
    ['ASS!', 'ass'],
    ['asss', 'ass'],
    ['a.s.s', 'ass'],
    ['a_s-s', 'ass'],
    ['Ａｓｓ', 'ass'],
    ['scam', 'scam*'],
    ['scammers everywhere', 'scam*'],
    ['o.k', 'ok'],
    ['a.bad', 'abad'],
    // Precomposed क़ in the list, क + nukta in the text, and the other way round.
    ['न\u0915\u093Cली माल', 'न\u0958ली'],
  ])('%j matches %j', (text, keyword) => expect(custom.match(text)).toBe(keyword));

  it('matches a decomposed keyword against precomposed text', () => {
    expect(compileKeywordFilter(['न\u0915\u093Cली']).match('न\u0958ली')).toBe('न\u0915\u093Cली');
  });

  it.each([
    'class',
    'assam tea',
    'passes',
    'as',
    'a s s',
    'ascam',
    'cheapcopy',
    'cheap and copy',
    'नकलीपन',
    'असली',
    'a. bad',
    'o..k',
    'okay',
  ])('%j does not match', (text) => expect(custom.match(text)).toBeNull());

  // Chat messages are at most 500 characters; these are four times that. A blow-up would time out.
  it('stays fast on long stretched texts (no backtracking blow-up)', () => {
    const filter = compileKeywordFilter(['aaaaaaaaaab', 'a.a.a.a.b', 'a a a a b', 'otp pathva', '😡 😡']);
    for (const text of ['a'.repeat(2000), 'a.'.repeat(1000), 'a '.repeat(1000), `otp${'.p'.repeat(1000)}`, '😡 '.repeat(1000)]) {
      expect(filter.match(`${text}c`)).toBeNull();
    }
    expect(defaultKeywordFilter().match(`${'chu'.repeat(700)} ${'ಸೂ'.repeat(700)} ${'o.t.p '.repeat(300)}`)).toBeNull();
  });

  it('drops a keyword\'s own separators and edge punctuation, and does not stretch digits', () => {
    const filter = compileKeywordFilter(['e-kyc', 'kyc - update', '420', '😡']);
    expect(filter.match('ekyc')).toBe('e-kyc');
    expect(filter.match('e.kyc')).toBe('e-kyc');
    expect(filter.match('KYC update')).toBe('kyc - update');
    expect(filter.match('420 wala')).toBe('420');
    expect(filter.match('₹4200')).toBeNull();
    expect(filter.match('gussa 😡😡')).toBe('😡');
  });
});

describe('the default list', () => {
  const filter = defaultKeywordFilter();

  it('has entries in each of the ten languages', () => {
    expect(Object.keys(lists).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) expect(lists[language]!.length, language).toBeGreaterThanOrEqual(25);
  });

  it('writes English in Latin and the others in their own script (plus Latin transliterations)', () => {
    for (const word of lists.en!) expect(word, word).toMatch(/^[a-z *]+$/);
    for (const [language, script] of Object.entries(SCRIPTS)) {
      const own = new RegExp(`^[\\p{Script=${script}}\\p{Script=Latin}\\s*]+$`, 'u');
      const native = lists[language]!.filter((word) => /\P{ASCII}/u.test(word));
      expect(native.length, language).toBeGreaterThanOrEqual(15);
      for (const word of lists[language]!) expect(word, `${language}: ${word}`).toMatch(own);
    }
  });

  it('has no duplicates within a language and no empty entries', () => {
    for (const language of LANGUAGES) {
      const words = lists[language]!.map(normalizeKeyword);
      expect(new Set(words).size, language).toBe(words.length);
      expect(words.every((word) => word.replace(/\*$/, '').trim() !== ''), language).toBe(true);
    }
  });

  it('is compiled once: size is the number of distinct entries of all languages', () => {
    expect(defaultKeywordFilter()).toBe(filter);
    expect(filter.size).toBe(new Set(Object.values(lists).flat().map(normalizeKeyword)).size);
  });

  it('matches every entry written plainly, and a prefix entry with more letters', () => {
    for (const word of Object.values(lists).flat()) {
      const plain = word.replace(/\*$/, '');
      const alone = compileKeywordFilter([word]);
      expect(filter.match(`>> ${plain}!`), word).not.toBeNull();
      expect(alone.match(plain), word).toBe(word);
      expect(alone.match(`${plain}ab`), word).toBe(word.endsWith('*') ? word : null);
    }
  });

  // [text, keyword reported]: case, NFKC forms, zero-width characters, stretching, separators, phrases.
  const TRICKY: Array<[string, string, string]> = [
    ['en', 'You FUCKING idiot', 'fuck*'],
    ['en', 'ｆｕｃｋ this', 'fuck*'],
    ['en', `b${ZWSP}it${ZWJ}ch`, 'bitch*'],
    ['en', 'biiiitchhh', 'bitch*'],
    ['en', 'b.i.t.c.h', 'bitch*'],
    ['en', 's-h-i-t', 'shit'],
    ['en', 'sh_i*t happens', 'shit'],
    ['en', '❤️bastard', 'bastard*'],
    ['en', 'WhatsApp me for price', 'whatsapp me'],
    ['en', 'pls   share...OTP', 'pls share otp'],
    ['en', 'Send me the OTP now', 'send me the otp'],
    ['en', 'KYC-update pending', 'kyc update'],
    ['hi', 'तू चूतिया है', 'चूतिय*'],
    ['hi', 'चूतियापा बंद कर', 'चूतिय*'],
    ['hi', 'चूूतियाा', 'चूतिय*'],
    ['hi', `मादर${ZWJ}चोद`, 'मादरचोद'],
    ['hi', 'हराम\u095Bादा', 'हरामज़ाद*'],
    ['hi', 'भोस\u095Cीके', 'भोसड़*'],
    ['hi', 'CHUTIYAPA', 'chutiy*'],
    // gu has the whole word too; the longer of the two is reported.
    ['hi', 'chuuuutiyaaa', 'chutiya'],
    ['hi', 'ch.u.t.i.y.a', 'chutiya'],
    ['hi', 'Bhosdike', 'bhosd*'],
    ['hi', 'otp   batao jaldi', 'otp batao'],
    ['hi', 'OTP बताओ', 'otp बताओ'],
    ['hi', 'जल्दी पैसे भेजो।', 'पैसे भेजो'],
    ['bn', 'শালা বোকাচোদা', 'বোকাচোদা'],
    ['bn', `খান${ZWNJ}কি`, 'খানকি'],
    ['bn', 'শু\u09DFোরের বাচ্চা', 'শুয়োরের বাচ্চা'],
    ['bn', 'BOKACHODA', 'bokachod*'],
    ['bn', 'khankir chele', 'khanki*'],
    ['bn', 'ওটিপি দিন', 'ওটিপি দিন'],
    ['bn', 'টাকা   পাঠান', 'টাকা পাঠান'],
    ['mr', 'आईझवाड्या', 'आईझवाड्या'],
    ['mr', 'आई   झवाड्या', 'आई झवाड्या'],
    ['mr', 'aaai zavadya', 'ai zavadya'],
    ['mr', 'ओटीपी सांगा', 'ओटीपी सांगा'],
    ['mr', `रां${ZWSP}डेच्या`, 'रांडेच्या'],
    ['te', 'లంజకొడుకు', 'లంజ*'],
    ['te', 'దెంగుతా', 'దెంగ*'],
    ['te', `పూ${ZWSP}కు`, 'పూకు*'],
    ['te', 'LANJA', 'lanja*'],
    ['te', 'pooooku', 'pooku'],
    ['te', 'ఓటీపీ చెప్పండి', 'ఓటీపీ చెప్పండి'],
    ['ta', 'தேவடியா பையா', 'தேவடியா*'],
    ['ta', 'thevdiyaa paiya', 'thevdiya*'],
    ['ta', 'புண்டைமவனே', 'புண்டை*'],
    ['ta', 'தாயே\u0BBEளி', 'தாயோளி'],
    ['ta', `கூ${ZWJ}தி`, 'கூதி'],
    ['ta', 'OTP சொல்லுங்க', 'otp சொல்லுங்க'],
    ['gu', 'ભોસડીના', 'ભોસડી*'],
    ['gu', 'bhosdinaaa', 'bhosdina'],
    ['gu', `હરામ${ZWNJ}ખોર`, 'હરામખોર'],
    ['gu', 'ઓટીપી આપો', 'ઓટીપી આપો'],
    ['kn', 'ಸೂಳೆಮಗನೆ', 'ಸೂಳೆ*'],
    ['kn', 'ಬೋಳಿ ಮಗನೆ', 'ಬೋಳಿ ಮಗ*'],
    ['kn', 'sooolemaga', 'soole*'],
    ['kn', `ಗಾಂ${ZWNJ}ಡು`, 'ಗಾಂಡು'],
    ['kn', 'BEVARSI', 'bevarsi'],
    ['kn', 'ಓಟಿಪಿ ಹೇಳಿ', 'ಓಟಿಪಿ ಹೇಳಿ'],
    // Malayalam chillu as one code point, and as consonant + virama + ZWJ.
    ['ml', 'പോടാ മൈരൻ', 'മൈര*'],
    ['ml', `മൈരന്${ZWJ}`, 'മൈര*'],
    ['ml', 'പൂറിമോനെ', 'പൂറിമോ*'],
    ['ml', 'Kazhuveri', 'kazhuveri*'],
    ['ml', 'OTP പറയൂ', 'otp പറയൂ'],
    ['pa', 'ਹਰਾਮ\u0A5Bਾਦਾ', 'ਹਰਾਮਜ਼ਾਦ*'],
    ['pa', 'ਗ\u0A36ਤੀ', 'ਗਸ਼ਤੀ'],
    ['pa', 'painchoddd', 'painchod'],
    ['pa', `ਫੁੱ${ZWSP}ਦੀ`, 'ਫੁੱਦੀ'],
    ['pa', 'ਓਟੀਪੀ ਦੱਸੋ', 'ਓਟੀਪੀ ਦੱਸੋ'],
  ];
  it.each(TRICKY)('%s: %j → %j', (_language, text, keyword) => expect(filter.match(text)).toBe(keyword));

  it('covers every language in the tricky table', () => {
    expect(new Set(TRICKY.map(([language]) => language))).toEqual(new Set(LANGUAGES));
  });

  // Ordinary shopping chat, and words that look like a listed one: none may match.
  const CLEAN: Array<[string, string]> = [
    ['en', 'Is this available in size M?'],
    ['en', 'What a classy saree, ship to Assam please'],
    ['en', 'Never share OTP with anyone and never pay outside the app'],
    ['en', 'My money got double deducted, please check'],
    ['en', 'Shiitake mushrooms, fire retardant fabric, Scunthorpe, cocktail dress'],
    ['en', 'Maggi noodles combo and dengue repellent'],
    ['hi', 'कितने का है?'],
    ['hi', 'कोई छूट मिलेगी? koi choot milegi bhai?'],
    ['hi', 'रहने दो, chod do, OTP do baar aaya'],
    ['hi', 'अर्जुन का गांडीव, लंडन से आया है, यह कुटिया सुंदर है'],
    ['hi', 'Aaj to lottery lag gayi, itna sasta!'],
    ['bn', 'দাম কত?'],
    ['bn', 'চোদ্দ টাকা ছাড় আছে?'],
    ['bn', 'এই শাড়িটা কি সুতির? গুদামে আর আছে?'],
    ['mr', 'ही साडी किती रुपयांची आहे?'],
    ['mr', 'OTP कोणालाही सांगू नका'],
    ['mr', 'डिलिव्हरी कधी होईल? झवेरी बाजारातून आहे का?'],
    ['te', 'ధర ఎంత?'],
    ['te', 'అందరూ లైవ్ కి రండి, andaru randi'],
    ['te', 'ఈ చీర కాటన్ ఆ? OTP ఎవరికీ చెప్పకండి'],
    ['ta', 'விலை என்ன?'],
    ['ta', 'ஒத்த ரூபா கூட குறைக்க முடியாதா?'],
    ['ta', 'kutti paiyan ku dress irukka? OTP யாரிடமும் சொல்லாதீர்கள்'],
    ['gu', 'આ સાડીની કિંમત શું છે?'],
    ['gu', 'તે ગાંડો છે, gaando thai gayo'],
    ['gu', 'OTP કોઈને ના આપો, ચૌદ રૂપિયા ઓછા કરો'],
    ['kn', 'ಬೆಲೆ ಎಷ್ಟು?'],
    ['kn', 'ಗಂಡು ಮಗುಗೆ ಡ್ರೆಸ್ ಇದೆಯಾ? gandu magu ge dress'],
    ['kn', 'Tullu pump ಬೇಕು, OTP ಹೇಳಬೇಡಿ'],
    ['ml', 'വില എത്രയാണ്?'],
    ['ml', 'പൂരി മസാല, ചേട്ടാ, Kerala lottery result?'],
    ['ml', 'ഈ സാരി കോട്ടൺ ആണോ? OTP ആരോടും പറയരുത്'],
    ['pa', 'ਇਸ ਦੀ ਕੀਮਤ ਕੀ ਹੈ?'],
    ['pa', 'ਮੁੰਡੇ ਲਈ ਕੁੜਤਾ ਚਾਹੀਦਾ ਹੈ, ਲੋੜ ਹੈ'],
    ['pa', 'OTP ਕਿਸੇ ਨੂੰ ਨਾ ਦੱਸੋ, pen chod do'],
  ];
  it.each(CLEAN)('%s: %j is clean', (_language, text) => expect(filter.match(text)).toBeNull());

  it('has clean examples in every language', () => {
    for (const language of LANGUAGES) expect(CLEAN.filter(([l]) => l === language).length, language).toBeGreaterThanOrEqual(3);
  });

  it('prints the average match time per message (not asserted)', () => {
    const messages = [...CLEAN.map(([, text]) => text), ...TRICKY.map(([, text]) => text)].map((text) => `${text} ${'x'.repeat(80)}`.slice(0, 80));
    const rounds = 200;
    for (const text of messages) filter.match(text);
    const started = performance.now();
    for (let i = 0; i < rounds; i++) for (const text of messages) filter.match(text);
    const micros = ((performance.now() - started) * 1000) / (rounds * messages.length);
    console.log(`keyword filter: ${filter.size} keywords, ${micros.toFixed(1)} µs per 80-character message`);
  });
});
