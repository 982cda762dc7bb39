// The simulated gateway: a stand-in for a real gateway's test-mode page, shown in an iframe in the
// checkout sheet. No external assets; its script is a separate file because the CSP allows no inline scripts.

const METHOD_LABEL = { upi: 'UPI', card: 'Card', wallet: 'Wallet' } as const;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function gatewayPageHtml(p: { id: string; amount: string; method: keyof typeof METHOD_LABEL; description: string; status: 'created' | 'captured' | 'failed' }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test payment · LiveMarket</title>
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
<body data-payment-id="${escape(p.id)}" data-status="${p.status}">
<main>
  <span class="test">Test mode</span>
  <p class="merchant">Paying LiveMarket</p>
  <p class="amount">${escape(rupees.format(Number(p.amount)))}</p>
  <dl>
    <dt>For</dt><dd>${escape(p.description)}</dd>
    <dt>Method</dt><dd>${METHOD_LABEL[p.method]}</dd>
  </dl>
  <div id="actions"${p.status === 'created' ? '' : ' hidden'}>
    <button type="button" id="approve">Approve payment</button>
    <button type="button" id="fail">Fail payment</button>
  </div>
  <div class="result" id="result" role="status" hidden></div>
  <p class="note">No money moves in test mode. A real gateway would ask for your UPI PIN or card details here.</p>
</main>
<script src="/api/payments/simulated/gateway.js" defer></script>
</body>
</html>`;
}

export const GATEWAY_SCRIPT = `(() => {
  const paymentId = document.body.dataset.paymentId;
  const actions = document.getElementById('actions');
  const result = document.getElementById('result');
  const buttons = actions.querySelectorAll('button');
  function show(status) {
    actions.hidden = true;
    result.hidden = false;
    result.className = 'result ' + status;
    result.textContent = status === 'captured' ? 'Payment successful' : status === 'failed' ? 'Payment failed' : 'Payment pending';
    // The checkout sheet that framed this page listens for this (same origin only).
    if (window.parent !== window) window.parent.postMessage({ type: 'payment_result', paymentId, status }, location.origin);
  }
  async function settle(outcome) {
    for (const b of buttons) b.disabled = true;
    try {
      const res = await fetch('/api/payments/simulated/' + paymentId, {
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
      result.textContent = error.message || 'Something went wrong. Please try again.';
    }
  }
  document.getElementById('approve').addEventListener('click', () => settle('success'));
  document.getElementById('fail').addEventListener('click', () => settle('failure'));
  if (document.body.dataset.status !== 'created') show(document.body.dataset.status);
})();
`;
