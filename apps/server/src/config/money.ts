import { z } from 'zod';

// Issue 26's settings, read from the same environment as env.ts (its only other reader).
const whole = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const MoneyEnv = z.object({
  // Percent of the gross, up to two decimals ("5", "4.5").
  COMMISSION_PERCENT: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, 'COMMISSION_PERCENT is a percentage like 5 or 4.5')
    .default('5'),
  PAYOUT_HOLD_DAYS: whole(7),
  PAYOUT_INTERVAL_SECONDS: z.coerce.number().int().min(60).default(86_400),
  PAYOUT_MINIMUM_RUPEES: whole(100),
  PAYOUTS_PROVIDER: z.enum(['simulated', 'razorpay']).default('simulated'),
  // RazorpayX: the business account payouts are paid from; or Route: transfers to linked accounts.
  RAZORPAYX_ACCOUNT_NUMBER: z.string().regex(/^\d{9,20}$/).optional(),
  RAZORPAY_PAYOUT_MODE: z.enum(['razorpayx', 'route']).default('razorpayx'),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
});

export interface MoneyConfig {
  commissionBp: number;
  holdDays: number;
  payoutIntervalSeconds: number;
  payoutMinimumPaise: number;
  payoutsProvider: 'simulated' | 'razorpay';
  razorpayxAccountNumber?: string;
  razorpayPayoutMode: 'razorpayx' | 'route';
  razorpayApiUrl: string;
  /** PAYOUTS_PROVIDER=razorpay: the API keys and the RazorpayX account payouts are paid from. */
  razorpayx?: { keyId: string; keySecret: string; accountNumber: string };
}

export function readMoneyConfig(source: Record<string, string | undefined>): { config?: MoneyConfig; problems: string[] } {
  const parsed = MoneyEnv.safeParse(source);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  // Route needs each seller's linked account, which sellers cannot enter yet (decision 040): refuse rather than pretend.
  if (e.PAYOUTS_PROVIDER === 'razorpay' && e.RAZORPAY_PAYOUT_MODE === 'route') problems.push('  RAZORPAY_PAYOUT_MODE=route is not available yet; use razorpayx (decision 040)');
  if (e.PAYOUTS_PROVIDER === 'razorpay' && e.RAZORPAY_PAYOUT_MODE === 'razorpayx' && !e.RAZORPAYX_ACCOUNT_NUMBER) {
    problems.push('  PAYOUTS_PROVIDER=razorpay with RazorpayX needs RAZORPAYX_ACCOUNT_NUMBER');
  }
  if (e.PAYOUTS_PROVIDER === 'razorpay' && !(source.RAZORPAY_KEY_ID && source.RAZORPAY_KEY_SECRET)) {
    problems.push('  PAYOUTS_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  }
  const [whole, frac = ''] = e.COMMISSION_PERCENT.split('.');
  return {
    problems,
    config: {
      commissionBp: Number(whole) * 100 + Number(frac.padEnd(2, '0')),
      holdDays: e.PAYOUT_HOLD_DAYS,
      payoutIntervalSeconds: e.PAYOUT_INTERVAL_SECONDS,
      payoutMinimumPaise: e.PAYOUT_MINIMUM_RUPEES * 100,
      payoutsProvider: e.PAYOUTS_PROVIDER,
      razorpayxAccountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
      razorpayPayoutMode: e.RAZORPAY_PAYOUT_MODE,
      razorpayApiUrl: e.RAZORPAY_API_URL.replace(/\/$/, ''),
      razorpayx:
        e.PAYOUTS_PROVIDER === 'razorpay' && e.RAZORPAYX_ACCOUNT_NUMBER && source.RAZORPAY_KEY_ID && source.RAZORPAY_KEY_SECRET
          ? { keyId: source.RAZORPAY_KEY_ID, keySecret: source.RAZORPAY_KEY_SECRET, accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER }
          : undefined,
    },
  };
}
