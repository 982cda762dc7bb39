import type { CodMessenger } from './service.js';

/**
 * How the confirmation link reaches the buyer's phone. India's DLT rules want every business SMS sent
 * from a template registered with an operator, so the message itself is the gateway's: we POST what
 * fills the template ({to, template, ref, amount, link}) to COD_MESSAGE_WEBHOOK_URL, the adapter in
 * front of the operator's SMS or WhatsApp gateway. In development the line is printed. With neither,
 * the app's own notification carries the link.
 */
export function createCodMessenger(opts: { webhookUrl?: string; printLinks: boolean; print: (line: string) => void }): CodMessenger {
  if (opts.webhookUrl) {
    const url = opts.webhookUrl;
    return async ({ to, ref, amount, link }) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, template: 'cod_confirmation', ref, amount, link }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`COD message webhook answered ${res.status}`);
    };
  }
  if (opts.printLinks) return async (m) => opts.print(`[cod] ${m.to} ${m.link}`);
  return async () => {};
}
