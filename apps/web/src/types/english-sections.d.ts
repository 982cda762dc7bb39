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
declare module 'virtual:english/selling' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['selling'];
  export default texts;
}
declare module 'virtual:english/become_seller' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['become_seller'];
  export default texts;
}
declare module 'virtual:english/analytics' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['analytics'];
  export default texts;
}
declare module 'virtual:english/product_form' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['product_form'];
  export default texts;
}
declare module 'virtual:english/pro_camera' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['pro_camera'];
  export default texts;
}
declare module 'virtual:english/broadcast' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['broadcast'];
  export default texts;
}
declare module 'virtual:english/states' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['states'];
  export default texts;
}
declare module 'virtual:english/money' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['money'];
  export default texts;
}
declare module 'virtual:english/support' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['support'];
  export default texts;
}
declare module 'virtual:english/grievance' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['grievance'];
  export default texts;
}
declare module 'virtual:english/privacy' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['privacy'];
  export default texts;
}
declare module 'virtual:english/product_page' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['product_page'];
  export default texts;
}
declare module 'virtual:english/return_policy' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['return_policy'];
  export default texts;
}
declare module 'virtual:english/admin' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['admin'];
  export default texts;
}
declare module 'virtual:english/category' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['category'];
  export default texts;
}
declare module 'virtual:english/search' {
  import type en from '@/locales/en.json';
  const texts: (typeof en)['search'];
  export default texts;
}
