import { randomBytes } from 'node:crypto';
import { z } from 'zod';

// Issue 27's settings, read from the same environment as env.ts (its only other reader).
const whole = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const ShippingEnv = z.object({
  SHIPPING_CARRIER: z.enum(['simulated', 'shiprocket']).default('simulated'),
  /** The carrier sends it with each tracking webhook (Shiprocket: the x-api-key header). */
  SHIPPING_WEBHOOK_SECRET: z.string().min(16, 'SHIPPING_WEBHOOK_SECRET needs at least 16 characters').optional(),
  SHIPROCKET_EMAIL: z.string().optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  SHIPROCKET_API_URL: z.url().default('https://apiv2.shiprocket.in'),
  /** The pickup location's nickname as saved in the Shiprocket panel. */
  SHIPROCKET_PICKUP_LOCATION: z.string().default('Primary'),
  SIM_CARRIER_STEP_SECONDS: z.coerce.number().int().min(1).default(60),
  COD_MAX_RUPEES: whole(20_000),
  COD_CONFIRM_ABOVE_RUPEES: whole(1_000),
  COD_CONFIRM_HOURS: z.coerce.number().min(0.001).default(24),
  RETURN_WINDOW_DAYS: whole(7),
  /** The SMS or WhatsApp gateway's adapter that sends the COD confirmation link (its DLT template). */
  COD_MESSAGE_WEBHOOK_URL: z.url('COD_MESSAGE_WEBHOOK_URL must be a URL').optional(),
});

export interface ShippingConfig {
  carrier: 'simulated' | 'shiprocket';
  webhookSecret: string;
  shiprocket?: { email: string; password: string; baseUrl: string; pickupLocation: string };
  simStepSeconds: number;
  codMaxPaise: number;
  codConfirmAbovePaise: number;
  codConfirmMs: number;
  returnWindowDays: number;
  codMessageWebhookUrl?: string;
}

export function readShippingConfig(source: Record<string, string | undefined>, production: boolean): { config?: ShippingConfig; problems: string[] } {
  const parsed = ShippingEnv.safeParse(source);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  const problems: string[] = [];
  if (e.SHIPPING_CARRIER === 'shiprocket' && !(e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD)) problems.push('  SHIPPING_CARRIER=shiprocket needs SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD');
  if (production && !e.SHIPPING_WEBHOOK_SECRET) problems.push('  SHIPPING_WEBHOOK_SECRET is required in production (the carrier signs its tracking webhooks with it)');
  return {
    problems,
    config: {
      carrier: e.SHIPPING_CARRIER,
      // Development: a fresh secret each start. Nothing outside calls the simulated carrier's webhook.
      webhookSecret: e.SHIPPING_WEBHOOK_SECRET ?? randomBytes(24).toString('hex'),
      shiprocket:
        e.SHIPPING_CARRIER === 'shiprocket' && e.SHIPROCKET_EMAIL && e.SHIPROCKET_PASSWORD
          ? { email: e.SHIPROCKET_EMAIL, password: e.SHIPROCKET_PASSWORD, baseUrl: e.SHIPROCKET_API_URL.replace(/\/$/, ''), pickupLocation: e.SHIPROCKET_PICKUP_LOCATION }
          : undefined,
      simStepSeconds: e.SIM_CARRIER_STEP_SECONDS,
      codMaxPaise: e.COD_MAX_RUPEES * 100,
      codConfirmAbovePaise: e.COD_CONFIRM_ABOVE_RUPEES * 100,
      codConfirmMs: Math.round(e.COD_CONFIRM_HOURS * 3_600_000),
      returnWindowDays: e.RETURN_WINDOW_DAYS,
      codMessageWebhookUrl: e.COD_MESSAGE_WEBHOOK_URL,
    },
  };
}
