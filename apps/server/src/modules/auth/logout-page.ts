import type { LanguageCode } from '@live-market/contract';
import { pageShell, pageText } from '../../pages/page.js';

// What /api/logout shows when it was not our own page navigating there: nothing ends until the
// person presses the button, which posts back from this page. No language picker here: choosing a
// language reloads the page, and reloading /api/logout is exactly what must not sign anyone out.
export function logoutPageHtml(language: LanguageCode): string {
  const text = pageText(language);
  return pageShell({
    language,
    title: text('logout.title'),
    picker: '',
    body: `<main>
  <div class="card">
    <form method="post" action="/api/logout">
      <h1>${text('logout.heading')}</h1>
      <p class="sub">${text('logout.body')}</p>
      <button class="btn" type="submit">${text('logout.confirm')}</button>
    </form>
    <div class="row"><a class="link" href="/">${text('logout.cancel')}</a></div>
  </div>
</main>`,
  });
}
