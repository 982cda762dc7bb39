// The sections of en.json that load with their feature (vite.english.ts).
declare module 'virtual:english/moderation' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['moderation'];
  export default texts;
}
declare module 'virtual:english/shows' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['shows'];
  export default texts;
}
declare module 'virtual:english/push' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['push'];
  export default texts;
}
declare module 'virtual:english/landing' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['landing'];
  export default texts;
}
