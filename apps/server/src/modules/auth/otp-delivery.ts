import type { Config } from '../../config/env.js';

export type OtpSender = (to: string, code: string) => Promise<void>;

// How a sign-in code reaches a person. In development it is printed on one line as
// `[otp] <destination> <code>` and also shown on the sign-in page.
export function createOtpSender(config: Config, print: (line: string) => void = console.log): OtpSender {
  switch (config.otp.delivery) {
    case 'console':
      return async (to, code) => print(`[otp] ${to} ${code}`);
    case 'webhook':
      return async (to, code) => {
        const res = await fetch(config.otp.webhookUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, code }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`OTP webhook answered ${res.status}`);
      };
    case 'smtp':
      return async (to, code) => {
        if (to.startsWith('+')) throw new Error('SMTP delivery can only send codes to e-mail addresses');
        const { createTransport } = await import('nodemailer');
        await createTransport(config.otp.smtpUrl).sendMail({
          from: config.otp.smtpFrom,
          to,
          subject: `${code} is your LiveMarket sign-in code`,
          text: `Your LiveMarket sign-in code is ${code}. It expires in ${Math.round(config.otp.ttlSeconds / 60)} minutes.`,
        });
      };
  }
}
