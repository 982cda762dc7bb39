// The sign-in page lives outside the SPA: signed-out visitors only have `/` there.
// Its script is a separate file because the CSP allows no inline scripts.

export function loginPageHtml(opts: { showDevCodes: boolean; ttlMinutes: number }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#ea580c">
<title>Sign in · LiveMarket</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:linear-gradient(160deg,#fff7ed,#ffe4e6);color:#1c1917;min-height:100dvh;display:flex;flex-direction:column;align-items:center}
  header{width:100%;max-width:440px;padding:20px 20px 0;display:flex;align-items:center;gap:10px}
  header a{display:flex;align-items:center;gap:10px;color:inherit;text-decoration:none;font-weight:800;font-size:20px}
  .logo{width:36px;height:36px;border-radius:10px;background:linear-gradient(135deg,#f97316,#e11d48);display:grid;place-items:center;color:#fff;font-size:18px}
  main{width:100%;max-width:440px;padding:20px}
  .card{background:#fff;border-radius:20px;padding:24px 20px;box-shadow:0 10px 30px rgba(225,29,72,.12)}
  h1{font-size:24px;margin:0 0 4px}
  p.sub{margin:0 0 20px;color:#57534e;font-size:15px}
  .tabs{display:grid;grid-template-columns:1fr 1fr;background:#f5f5f4;border-radius:12px;padding:4px;margin-bottom:18px}
  .tabs button{border:0;background:none;padding:10px;border-radius:9px;font:inherit;font-weight:600;color:#57534e;cursor:pointer}
  .tabs button[aria-selected="true"]{background:#fff;color:#1c1917;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  label{display:block;font-weight:600;font-size:14px;margin:14px 0 6px}
  .field{display:flex;align-items:center;border:1.5px solid #d6d3d1;border-radius:12px;background:#fff;overflow:hidden}
  .field:focus-within{border-color:#f97316;box-shadow:0 0 0 3px rgba(249,115,22,.2)}
  .prefix{padding:0 4px 0 14px;font-weight:600;color:#57534e}
  input{flex:1;min-width:0;border:0;outline:0;padding:14px;font:inherit;font-size:17px;background:transparent}
  input.code{letter-spacing:.5em;font-size:24px;text-align:center;font-variant-numeric:tabular-nums}
  .btn{display:block;width:100%;margin-top:20px;border:0;border-radius:12px;padding:15px;font:inherit;font-size:17px;font-weight:700;color:#fff;background:linear-gradient(135deg,#f97316,#e11d48);cursor:pointer}
  .btn[disabled]{opacity:.6;cursor:wait}
  .link{background:none;border:0;color:#c2410c;font:inherit;font-weight:600;padding:8px 0;cursor:pointer}
  .row{display:flex;justify-content:space-between;margin-top:10px}
  .error{margin-top:14px;padding:12px 14px;border-radius:12px;background:#fef2f2;color:#b91c1c;font-size:14px;font-weight:500}
  .dev{margin-top:16px;padding:12px 14px;border-radius:12px;border:1.5px dashed #a16207;background:#fefce8;color:#713f12;font-size:14px}
  .dev strong{display:block;text-transform:uppercase;letter-spacing:.08em;font-size:12px;margin-bottom:4px}
  .dev output{font-size:22px;font-weight:800;letter-spacing:.2em}
  .hint{color:#78716c;font-size:13px;margin-top:8px}
  [hidden]{display:none!important}
  footer{color:#78716c;font-size:13px;padding:12px 20px 28px;text-align:center}
</style>
</head>
<body>
<header><a href="/"><span class="logo" aria-hidden="true">▶</span>LiveMarket</a></header>
<main>
  <div class="card">
    <form id="start" novalidate>
      <h1>Sign in</h1>
      <p class="sub">Shop live from India's favourite sellers. New here? Your account is created when you verify.</p>
      <div class="tabs" role="tablist" aria-label="Sign in with">
        <button type="button" role="tab" id="tab-phone" aria-selected="true" data-method="phone">Phone</button>
        <button type="button" role="tab" id="tab-email" aria-selected="false" data-method="email">E-mail</button>
      </div>
      <div id="phone-field">
        <label for="phone">Mobile number</label>
        <div class="field"><span class="prefix">+91</span><input id="phone" name="phone" type="tel" inputmode="numeric" autocomplete="tel-national" maxlength="14" placeholder="98765 43210"></div>
      </div>
      <div id="email-field" hidden>
        <label for="email">E-mail address</label>
        <div class="field"><input id="email" name="email" type="email" autocomplete="email" placeholder="you@example.in"></div>
      </div>
      <label for="first-name">First name (optional)</label>
      <div class="field"><input id="first-name" name="firstName" autocomplete="given-name" maxlength="50" placeholder="For new accounts"></div>
      <div class="error" role="alert" hidden></div>
      <button class="btn" type="submit">Send code</button>
    </form>
    <form id="verify" novalidate hidden>
      <h1>Enter the code</h1>
      <p class="sub">We sent a 6-digit code to <strong id="sent-to"></strong>. It expires in ${opts.ttlMinutes} minutes.</p>
      <label for="code">6-digit code</label>
      <div class="field"><input id="code" class="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}"></div>
      <div class="error" role="alert" hidden></div>
      ${opts.showDevCodes ? '<div class="dev" id="dev-box" hidden><strong>Development</strong>No SMS is sent in development. Your code is <output id="dev-code"></output></div>' : ''}
      <button class="btn" type="submit">Verify</button>
      <div class="row"><button type="button" class="link" id="change">Change number</button><button type="button" class="link" id="resend">Resend code</button></div>
    </form>
  </div>
</main>
<footer>By continuing you agree to our Terms and Privacy Policy.</footer>
<script src="/api/login/login.js" defer></script>
</body>
</html>`;
}

export const LOGIN_SCRIPT = `(() => {
  const $ = (id) => document.getElementById(id);
  const start = $('start'), verify = $('verify');
  let method = 'phone', destination = null;

  function showError(form, message) {
    const box = form.querySelector('.error');
    box.textContent = message || '';
    box.hidden = !message;
  }
  function setBusy(form, busy) { form.querySelector('.btn').disabled = busy; }
  async function post(url, body) {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(body) });
    let data = {};
    try { data = await res.json(); } catch {}
    if (!res.ok) throw new Error(data.message || res.statusText || 'Something went wrong. Please try again.');
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
    $('change').textContent = method === 'phone' ? 'Change number' : 'Change e-mail';
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
      const done = await post('/api/login/verify', { ...destination, code: $('code').value, firstName, returnTo });
      location.assign(done.redirectTo);
    } catch (err) { showError(verify, err.message); setBusy(verify, false); }
  });
  $('change').addEventListener('click', () => { verify.hidden = true; start.hidden = false; showError(start, ''); });
  $('resend').addEventListener('click', async () => {
    showError(verify, '');
    try { start.hidden = true; await sendCode(); } catch (err) { showError(verify, err.message); }
  });
})();`;
