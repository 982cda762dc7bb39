import type { LanguageCode } from '@live-market/contract';
import { REMEMBER_LANGUAGE_SCRIPT, languagePicker, pageShell, pageText } from '../../pages/page.js';
import { replaceLiterally } from '../../pages/replace-literally.js';

// The sign-in page lives outside the SPA: signed-out visitors only have `/` there. It is in the
// visitor's language (the app's choice, or Accept-Language on a first visit) and has the picker too.

// Where the script writes the number or address the code went to, inside the translated sentence.
const SENT_TO = '%SENT_TO%';

export function loginPageHtml(opts: { language: LanguageCode; showDevCodes: boolean; ttlMinutes: number; returnTo?: string }): string {
  const text = pageText(opts.language);
  const body = `<main>
  <div class="card">
    <form id="start" novalidate>
      <h1>${text('login.heading')}</h1>
      <p class="sub">${text('login.intro')}</p>
      <div class="tabs" role="tablist" aria-label="${text('login.method_label')}">
        <button type="button" role="tab" id="tab-phone" aria-selected="true" data-method="phone">${text('login.phone_tab')}</button>
        <button type="button" role="tab" id="tab-email" aria-selected="false" data-method="email">${text('login.email_tab')}</button>
      </div>
      <div id="phone-field">
        <label for="phone">${text('login.phone_label')}</label>
        <div class="field"><span class="prefix">+91</span><input id="phone" name="phone" type="tel" inputmode="numeric" autocomplete="tel-national" maxlength="14" placeholder="98765 43210"></div>
      </div>
      <div id="email-field" hidden>
        <label for="email">${text('login.email_label')}</label>
        <div class="field"><input id="email" name="email" type="email" autocomplete="email" placeholder="you@example.in"></div>
      </div>
      <label for="first-name">${text('login.first_name_label')}</label>
      <div class="field"><input id="first-name" name="firstName" autocomplete="given-name" maxlength="50" placeholder="${text('login.first_name_placeholder')}"></div>
      <div class="error" role="alert" hidden></div>
      <p class="notice" id="privacy-notice">${text('login.privacy_notice')}</p>
      <button class="btn" type="submit" aria-describedby="privacy-notice">${text('login.send_code')}</button>
    </form>
    <form id="verify" novalidate hidden>
      <h1>${text('login.code_heading')}</h1>
      <p class="sub">${replaceLiterally(text('login.code_intro', { destination: SENT_TO, minutes: opts.ttlMinutes }), SENT_TO, '<strong id="sent-to"></strong>')}</p>
      <label for="code">${text('login.code_label')}</label>
      <div class="field"><input id="code" class="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}"></div>
      <div class="error" role="alert" hidden></div>
      ${opts.showDevCodes ? `<div class="dev" id="dev-box" hidden><strong>${text('login.dev_title')}</strong>${text('login.dev_body')} <output id="dev-code"></output></div>` : ''}
      <button class="btn" type="submit">${text('login.verify')}</button>
      <div class="row"><button type="button" class="link" id="change">${text('login.change_number')}</button><button type="button" class="link" id="resend">${text('login.resend')}</button></div>
    </form>
  </div>
</main>
<footer>${text('login.terms')}</footer>`;
  return pageShell({
    language: opts.language,
    title: text('login.title'),
    picker: languagePicker(opts.language, '/api/login', opts.returnTo ? { returnTo: opts.returnTo } : {}),
    body,
    script: '/api/login/login.js',
    data: {
      'change-number': text('login.change_number'),
      'change-email': text('login.change_email'),
      failed: text('login.failed'),
      offline: text('login.offline'),
    },
  });
}

export const LOGIN_SCRIPT = `(() => {
  const $ = (id) => document.getElementById(id);
  const language = document.documentElement.lang;
  const words = document.body.dataset;
  ${REMEMBER_LANGUAGE_SCRIPT}
  const start = $('start'), verify = $('verify');
  let method = 'phone', destination = null;

  function showError(form, message) {
    const box = form.querySelector('.error');
    box.textContent = message || '';
    box.hidden = !message;
  }
  function setBusy(form, busy) { form.querySelector('.btn').disabled = busy; }
  async function post(url, body) {
    let res;
    try {
      // ?lang= so that the server's messages come in the page's language.
      res = await fetch(url + '?lang=' + language, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(body) });
    } catch {
      throw new Error(words.offline);
    }
    let data = {};
    try { data = await res.json(); } catch {}
    if (!res.ok) throw new Error(data.message || words.failed);
    return data;
  }
  function destinationBody() {
    return method === 'phone' ? { method, phoneNumber: $('phone').value } : { method, email: $('email').value };
  }
  function selectMethod(next) {
    method = next;
    for (const tab of document.querySelectorAll('[role=tab]')) tab.setAttribute('aria-selected', String(tab.dataset.method === method));
    $('phone-field').hidden = method !== 'phone';
    $('email-field').hidden = method !== 'email';
    $('change').textContent = method === 'phone' ? words.changeNumber : words.changeEmail;
    showError(start, '');
    (method === 'phone' ? $('phone') : $('email')).focus();
  }
  for (const tab of document.querySelectorAll('[role=tab]')) tab.addEventListener('click', () => selectMethod(tab.dataset.method));

  async function sendCode() {
    const sent = await post('/api/login/start', destinationBody());
    destination = destinationBody();
    $('sent-to').textContent = sent.destination;
    const devBox = $('dev-box');
    if (devBox) { devBox.hidden = !sent.devCode; $('dev-code').textContent = sent.devCode || ''; }
    start.hidden = true; verify.hidden = false;
    showError(verify, '');
    $('code').value = '';
    $('code').focus();
  }

  start.addEventListener('submit', async (e) => {
    e.preventDefault();
    setBusy(start, true); showError(start, '');
    try { await sendCode(); } catch (err) { showError(start, err.message); } finally { setBusy(start, false); }
  });
  verify.addEventListener('submit', async (e) => {
    e.preventDefault();
    setBusy(verify, true); showError(verify, '');
    try {
      const returnTo = new URLSearchParams(location.search).get('returnTo') || undefined;
      const firstName = $('first-name').value.trim() || undefined;
      const done = await post('/api/login/verify', { ...destination, code: $('code').value, firstName, returnTo, language });
      // The app opens in the language of this page (a new account also keeps it).
      rememberLanguage(language);
      location.assign(done.redirectTo);
    } catch (err) { showError(verify, err.message); setBusy(verify, false); }
  });
  $('change').addEventListener('click', () => { verify.hidden = true; start.hidden = false; showError(start, ''); });
  $('resend').addEventListener('click', async () => {
    showError(verify, '');
    try { start.hidden = true; await sendCode(); } catch (err) { showError(verify, err.message); }
  });
})();`;
