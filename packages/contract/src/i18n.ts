// SPEC section 3: the ten languages and the twelve keys every language must translate.
export const LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी' },
  { code: 'ta', name: 'Tamil', nativeName: 'தமிழ்' },
  { code: 'te', name: 'Telugu', nativeName: 'తెలుగు' },
  { code: 'bn', name: 'Bengali', nativeName: 'বাংলা' },
  { code: 'mr', name: 'Marathi', nativeName: 'मराठी' },
  { code: 'gu', name: 'Gujarati', nativeName: 'ગુજરાતી' },
  { code: 'kn', name: 'Kannada', nativeName: 'ಕನ್ನಡ' },
  { code: 'ml', name: 'Malayalam', nativeName: 'മലയാളം' },
  { code: 'pa', name: 'Punjabi', nativeName: 'ਪੰਜਾਬੀ' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const REQUIRED_TRANSLATION_KEYS = [
  'nav.home',
  'nav.live',
  'nav.profile',
  'common.welcome',
  'common.streams',
  'common.shop_by_category',
  'common.buy_now',
  'common.add_to_cart',
  'common.live_now',
  'common.viewers',
  'common.price',
  'common.seller',
] as const;
