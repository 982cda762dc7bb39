import { z } from 'zod';
import { IndianMobile, OPERATOR_REFUND_APPROVAL_RUPEES_DEFAULT } from '@live-market/contract';

// Issue 28's settings, read from the same environment as env.ts.
const TrustEnv = z.object({
  /** The grievance officer the Consumer Protection (E-Commerce) Rules 2020 require a marketplace to name. */
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).default('Grievance Officer, LiveMarket'),
  GRIEVANCE_OFFICER_EMAIL: z.email('GRIEVANCE_OFFICER_EMAIL must be an email address').default('grievance@livemarket.example'),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().min(5).default('+91 80 0000 0000'),
  /** Issue 28: operators by phone, as sign-in stores them (+91 and ten digits), besides `npm run admin -- grant-operator`. */
  OPERATOR_PHONES: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(IndianMobile.transform((digits) => `+91${digits}`))),
  /** An operator's refund above this waits for a second operator. */
  OPERATOR_REFUND_APPROVAL_RUPEES: z.coerce.number().int().nonnegative().default(OPERATOR_REFUND_APPROVAL_RUPEES_DEFAULT),
});

export interface TrustConfig {
  grievanceOfficer: { name: string; email: string; phone: string; configured: boolean };
  /** OPERATOR_PHONES, each as +91 and ten digits. */
  operatorPhones: string[];
  /** OPERATOR_REFUND_APPROVAL_RUPEES in paise: an operator's refund above it needs a second operator. */
  refundApprovalPaise: number;
}

export function readTrustConfig(source: Record<string, string | undefined>): { config?: TrustConfig; problems: string[] } {
  const parsed = TrustEnv.safeParse(source);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`) };
  const e = parsed.data;
  return {
    problems: [],
    config: {
      grievanceOfficer: {
        name: e.GRIEVANCE_OFFICER_NAME,
        email: e.GRIEVANCE_OFFICER_EMAIL,
        phone: e.GRIEVANCE_OFFICER_PHONE,
        // Start-up warns in production when the placeholders are still in use.
        configured: Boolean(source.GRIEVANCE_OFFICER_NAME && source.GRIEVANCE_OFFICER_EMAIL && source.GRIEVANCE_OFFICER_PHONE),
      },
      operatorPhones: e.OPERATOR_PHONES,
      refundApprovalPaise: e.OPERATOR_REFUND_APPROVAL_RUPEES * 100,
    },
  };
}
