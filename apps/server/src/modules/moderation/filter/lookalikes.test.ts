import { describe, expect, it } from 'vitest';
import { compileKeywordFilter, defaultKeywordFilter, foldText } from './keywords.js';
import { foldLookalikes } from './lookalikes.js';

const fold = (text: string) => foldLookalikes(foldText(text));

describe('foldLookalikes', () => {
  it('writes Cyrillic, Greek and other look-alike letters as the Latin ones they pass for', () => {
    // Cyrillic ѕ і а е о р с х у, Greek ο ν ι α, Latin ɑ ı ꜱ, and the capitals that look Latin.
    expect(fold('\u0455h\u0456t')).toBe('shit');
    expect(fold('\u0430\u0435\u043E\u0440\u0441\u0445\u0443')).toBe('aeopcxy');
    expect(fold('\u03BF\u03BD\u03B9\u03B1')).toBe('ovia');
    expect(fold('\u0251\u0131\uA731')).toBe('ais');
    expect(fold('\u0405\u041D\u0406\u0422')).toBe('shit');
    expect(fold('\u039A\u0392\u0421')).toBe('kbc');
    // Armenian օ ս, Cherokee Ꮪ Ꮋ Ꭵ Ꭲ, Lisu ꓑ ꓳ.
    expect(fold('\u0585\u057D \u13DA\u13BB\u13A5\u13A2 \uA4D1\uA4F3')).toBe('ou shit po');
  });

  it('drops accents on Latin, Cyrillic and Greek letters', () => {
    expect(fold('sh\u00EFt f\u00FCck \u0144')).toBe('shit fuck n');
    expect(fold('shi\u0308t')).toBe('shit');
  });

  it('leaves plain Latin, digits and the Indian scripts as they are (no "rn" for "m", no "l" for "1")', () => {
    const text = 'modern burn pom pom 1 l I 0 O rn m';
    expect(fold(text)).toBe(text.toLowerCase());
    for (const indian of ['नमस्ते क़ीमत ०१२३', 'বাংলা ০', 'ਪੰਜਾਬੀ', 'ગુજરાતી', 'தமிழ் தாயோளி', 'తెలుగు ం', 'ಕನ್ನಡ', 'മലയാളം ഠ ൻ']) {
      expect(fold(indian), indian).toBe(foldText(indian));
    }
  });
});

describe('the default list against disguised words', () => {
  const filter = defaultKeywordFilter();
  const INVISIBLE = ['\u200E', '\u200F', '\u2061', '\u2062', '\u2063', '\u2064', '\u034F', '\u180E', '\u3164', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each(INVISIBLE.map((ch) => [`U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`, ch]))('sees through %s inside a word', (_name, ch) => {
    expect(filter.match(`s${ch}h${ch}i${ch}t`)).toBe('shit');
    expect(filter.match(`ye ${ch}चू${ch}तिया hai`)).toBe('चूतिय*');
  });

  it.each([
    ['\u0455h\u0456t', 'shit'],
    ['\u0405\u041D\u0406\u0422!!', 'shit'],
    ['what a \u0455h\u0456t product', 'shit'],
    ['\u0455\u2063h\u200E\u0456t', 'shit'],
    ['b\u0456tch', 'bitch*'],
    ['f\u03C5ck off', 'fuck*'],
    ['sh\u00EFt', 'shit'],
    ['f\u00FCcking', 'fuck*'],
    ['p\u03BFrn', 'porn*'],
    ['p\u0585rn', 'porn*'],
    ['wh\u0430ts\u0430pp me', 'whatsapp me'],
    ['\u0455end me the \u043Etp', 'send me the otp'],
    ['\u0441hutiya', 'chutiya'],
    ['ye \u0441hut\u0456ya hai', 'chutiya'],
    ['कितना \u0455h\u0456t है', 'shit'],
  ])('%j → %j', (text, keyword) => expect(filter.match(text)).toBe(keyword));

  it.each([
    'pom pom hair ties',
    'pomegranate red saree',
    'modern burn-out velvet',
    'Спасибо, очень красиво',
    'Ευχαριστώ πολύ',
    'Café crème, naïve, jalapeño',
    'बहुत सुंदर साड़ी है, कितने की है?',
    'இந்த புடவை எவ்வளவு? மிக அழகு',
  ])('%j stays clean', (text) => expect(filter.match(text)).toBeNull());

  it('folds a seller\'s own word the same way as the text', () => {
    const filter = compileKeywordFilter(['\u0455\u0441\u0430m', 'bum']);
    expect(filter.match('SCAM')).toBe('\u0455\u0441\u0430m');
    expect(filter.match('\u0405\u0421\u0410\u041C')).toBe('\u0455\u0441\u0430m');
    expect(filter.match('burn')).toBeNull();
  });
});
