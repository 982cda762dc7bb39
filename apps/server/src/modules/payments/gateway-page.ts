import type { LanguageCode } from '@live-market/contract';
import { escapeHtml, pageText } from '../../pages/page.js';
import { formatRupees } from '../../i18n/rupees.js';

// The simulated gateway: a stand-in for a real gateway's test-mode page, shown in an iframe in the
// checkout sheet. No external assets; its script is a separate file because the CSP allows no inline scripts.

// In the shopper's language; rupees as Indian apps write them in every language (₹1,23,456.00).
export function gatewayPageHtml(p: {
  language: LanguageCode;
  id: string;
  amount: string;
  method: 'upi' | 'card' | 'wallet';
  description: string;
  status: 'created' | 'captured' | 'failed';
}): string {
  const text = pageText(p.language);
  return `<!doctype html>
<html lang="${p.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('payment.title')}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;background:#f5f5f4;color:#1c1917;display:flex;justify-content:center;padding:16px}
  main{width:100%;max-width:420px;background:#fff;border-radius:16px;padding:20px;box-shadow:0 4px 16px rgba(0,0,0,.08)}
  .test{display:inline-block;padding:4px 10px;border-radius:999px;border:1.5px dashed #a16207;background:#fefce8;color:#713f12;font-size:12px;font-weight:700;letter-spacing:.06em;text-transform:uppercase}
  .merchant{margin:14px 0 2px;color:#57534e;font-size:14px}
  .amount{font-size:34px;font-weight:800;margin:0}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:16px 0;font-size:15px}
  dt{color:#78716c}
  dd{margin:0;font-weight:600;text-align:right}
  button{display:block;width:100%;margin-top:12px;border:0;border-radius:12px;padding:15px;font:inherit;font-size:17px;font-weight:700;cursor:pointer}
  #approve{color:#fff;background:#16a34a}
  #fail{color:#b91c1c;background:#fef2f2}
  button[disabled]{opacity:.6;cursor:wait}
  .result{margin-top:16px;padding:14px;border-radius:12px;font-weight:700;text-align:center}
  .result.captured{background:#f0fdf4;color:#15803d}
  .result.failed{background:#fef2f2;color:#b91c1c}
  .note{color:#78716c;font-size:13px;margin-top:14px}
  [hidden]{display:none!important}
</style>
</head>
<body data-payment-id="${escapeHtml(p.id)}" data-status="${p.status}" data-success="${text('payment.success')}" data-failed="${text('payment.failed')}" data-pending="${text('payment.pending')}" data-error="${text('payment.error')}">
<main>
  <span class="test">${text('payment.test_mode')}</span>
  <p class="merchant">${text('payment.paying')}</p>
  <p class="amount">${escapeHtml(formatRupees(p.amount))}</p>
  <dl>
    <dt>${text('payment.for')}</dt><dd>${escapeHtml(p.description)}</dd>
    <dt>${text('payment.method')}</dt><dd>${text(`payment.method_${p.method}`)}</dd>
  </dl>
  <div id="actions"${p.status === 'created' ? '' : ' hidden'}>
    <button type="button" id="approve">${text('payment.approve')}</button>
    <button type="button" id="fail">${text('payment.fail')}</button>
  </div>
  <div class="result" id="result" role="status" hidden></div>
  <p class="note">${text('payment.note')}</p>
</main>
<script src="/api/payments/simulated/gateway.js" defer></script>
</body>
</html>`;
}

export const GATEWAY_SCRIPT = `(() => {
  const words = document.body.dataset;
  const paymentId = words.paymentId;
  const actions = document.getElementById('actions');
  const result = document.getElementById('result');
  const buttons = actions.querySelectorAll('button');
  function show(status) {
    actions.hidden = true;
    result.hidden = false;
    result.className = 'result ' + status;
    result.textContent = status === 'captured' ? words.success : status === 'failed' ? words.failed : words.pending;
    // The checkout sheet that framed this page listens for this (same origin only).
    if (window.parent !== window) window.parent.postMessage({ type: 'payment_result', paymentId, status }, location.origin);
  }
  async function settle(outcome) {
    for (const b of buttons) b.disabled = true;
    try {
      const res = await fetch('/api/payments/simulated/' + paymentId + '?lang=' + document.documentElement.lang, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ outcome }),
      });
      const data = await res.json().catch(() => ({}));
      if (!res.ok) throw new Error(data.message || res.statusText);
      show(data.status);
    } catch (error) {
      for (const b of buttons) b.disabled = false;
      result.hidden = false;
      result.className = 'result failed';
      result.textContent = error.message || words.error;
    }
  }
  document.getElementById('approve').addEventListener('click', () => settle('success'));
  document.getElementById('fail').addEventListener('click', () => settle('failure'));
  if (document.body.dataset.status !== 'created') show(document.body.dataset.status);
})();
`;
