// The sections of en.json that load with their feature (vite.english.ts).
declare module 'virtual:english/moderation' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['moderation'];
  export default texts;
}
