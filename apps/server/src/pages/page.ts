import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES, type LanguageCode } from '@live-market/contract';
import { t, type Params } from '../i18n/index.js';

// The pages served outside the SPA (sign-in, sign-out): one look, one header with the language picker.
// Their scripts are separate files because the CSP allows no inline scripts.

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Catalog text for a page, HTML-escaped. */
export function pageText(language: LanguageCode) {
  return (key: string, params: Params = {}) => escapeHtml(t(language, key, params));
}

export const PAGE_STYLE = `  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:linear-gradient(160deg,#fff7ed,#ffe4e6);color:#1c1917;min-height:100dvh;display:flex;flex-direction:column;align-items:center}
  header{width:100%;max-width:440px;padding:20px 20px 0;display:flex;align-items:center;justify-content:space-between;gap:10px}
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
  .notice{margin:16px 0 0;padding:12px 14px;border-radius:12px;background:#f5f5f4;color:#44403c;font-size:13px;line-height:1.45}
  [hidden]{display:none!important}
  footer{color:#78716c;font-size:13px;padding:12px 20px 28px;text-align:center}
  .lang{position:relative;display:flex;align-items:center}
  .lang select{appearance:none;border:1.5px solid #e7e5e4;border-radius:999px;background:#fff;padding:8px 14px;font:inherit;font-size:14px;font-weight:600;color:#1c1917;max-width:9rem}
  .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/**
 * The ten languages by their own names. Choosing one reloads the page in it (the page's script does
 * it, and remembers the choice for the app); `keep` carries hidden fields such as returnTo.
 */
export function languagePicker(language: LanguageCode, action: string, keep: Record<string, string> = {}): string {
  const text = pageText(language);
  const options = LANGUAGES.map(
    (l) => `<option value="${l.code}" lang="${l.code}"${l.code === language ? ' selected' : ''}>${escapeHtml(l.nativeName)}</option>`,
  ).join('');
  const hidden = Object.entries(keep)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  return `<form class="lang" method="get" action="${escapeHtml(action)}" id="language-form"><label class="sr" for="language">${text('language_picker.label')}</label><select id="language" name="lang">${options}</select>${hidden}</form>`;
}

export function pageShell(p: { language: LanguageCode; title: string; picker: string; body: string; script?: string; data?: Record<string, string> }): string {
  const data = Object.entries(p.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="${p.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#ea580c">
<title>${p.title}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
${PAGE_STYLE}</style>
</head>
<body${data}>
<header><a href="/"><span class="logo" aria-hidden="true">▶</span>LiveMarket</a>${p.picker}</header>
${p.body}
${p.script ? `<script src="${p.script}" defer></script>` : ''}
</body>
</html>`;
}

/**
 * Shared by the pages' scripts: the picker reloads the page in the chosen language and remembers it
 * where the app looks (localStorage 'language', SPEC) and where the server looks (the language cookie).
 */
export const REMEMBER_LANGUAGE_SCRIPT = `
  function rememberLanguage(code) {
    try { localStorage.setItem('${LANGUAGE_STORAGE_KEY}', code); } catch {}
    document.cookie = '${LANGUAGE_COOKIE}=' + code + '; path=/; max-age=31536000; samesite=lax';
  }
  const picker = document.getElementById('language');
  if (picker) picker.addEventListener('change', () => { rememberLanguage(picker.value); picker.form.submit(); });
`;
