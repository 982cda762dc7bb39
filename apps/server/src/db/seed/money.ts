import { and, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../client.js';
import { createInvoicesService } from '../../modules/invoices/index.js';
import { createRates, insertLines, postRefund, postSale } from '../../modules/ledger/index.js';
import { payoutAccounts, payouts } from '../../modules/payouts/index.js';
import { refunds } from '../../modules/refunds/index.js';
import { sellerBusiness } from '../../modules/sellers/index.js';
import { orders } from '../schema.js';
import type { Sellers } from './sellers.js';
import type { Clock } from './time.js';

// Issue 26's demo: the stores' business details, the demo seller's payout account and a past payout,
// and the seeded orders' ledger lines, invoices and refund, posted by the same code as live orders.
const BUSINESS = {
  priya: { legalName: 'Priya Sharma (Priya’s Kundan House)', address: '42 Johari Bazaar, Jaipur, Rajasthan 302003', stateCode: '08', gstin: '08ABCPS1234K1Z3', pan: 'ABCPS1234K' },
  anjali: { legalName: 'Kashi Banarasi Weaves', address: 'D 47/112 Ramapura, Luxa, Varanasi, Uttar Pradesh 221010', stateCode: '09', gstin: '09AAKFK2231M1ZQ', pan: 'AAKFK2231M' },
  sandeep: { legalName: 'Sandeep Patil', address: '1187 C Ward, Shivaji Peth, Kolhapur, Maharashtra 416012', stateCode: '27', enrolmentNumber: 'ENR270012345678', pan: null },
  kabir: { legalName: 'Bandra Lifestyle Co.', address: '14 Hill Road, Bandra West, Mumbai, Maharashtra 400050', stateCode: '27', gstin: '27AAHCB7788Q1Z9', pan: 'AAHCB7788Q' },
} as const;

export async function insertMoney(tx: Tx, sellersByKey: Sellers, clock: Clock): Promise<number> {
  for (const [key, b] of Object.entries(BUSINESS) as Array<[keyof typeof BUSINESS, (typeof BUSINESS)[keyof typeof BUSINESS]]>) {
    await tx.insert(sellerBusiness).values({ sellerId: sellersByKey[key].id, legalName: b.legalName, address: b.address, stateCode: b.stateCode, gstin: 'gstin' in b ? b.gstin : null, enrolmentNumber: 'enrolmentNumber' in b ? b.enrolmentNumber : null, pan: b.pan });
  }
  const priya = sellersByKey.priya.id;
  await tx.insert(payoutAccounts).values({ sellerId: priya, kind: 'vpa', accountHolderName: 'Priya Sharma', vpa: 'priya.kundan@okhdfcbank' });

  const rates = createRates(500);
  const invoices = createInvoicesService({ db: tx as never, now: () => clock.minutesAgo(0).getTime() });
  const earned = await tx
    .select()
    .from(orders)
    .where(and(inArray(orders.paymentStatus, ['paid', 'refunded']), ne(orders.paymentMethod, 'cod')));
  for (const o of earned) {
    await postSale(tx, rates, o.id, o.createdAt.getTime());
    await invoices.issueInvoice(tx, o.id);
    if (o.paymentStatus === 'refunded') {
      const id = crypto.randomUUID();
      const at = o.createdAt.getTime() + 2 * 3_600_000;
      const amountPaise = await postRefund(tx, { id, orderId: o.id, orderItemId: null }, at);
      const [refund] = await tx
        .insert(refunds)
        .values({ id, orderId: o.id, amountPaise, status: 'processed', provider: 'simulated', providerRefundId: 'rfnd_sim_demo0001', key: `order:${o.id}`, reason: 'Ordered by mistake', createdAt: new Date(at), processedAt: new Date(at + 3_600_000) })
        .returning();
      await invoices.issueCreditNote(tx, refund!);
    }
  }
  // A payout made last week, so the demo seller's money screen has history.
  const [paid] = await tx
    .insert(payouts)
    .values({ sellerId: priya, amountPaise: 1_249_900, status: 'paid', provider: 'simulated', providerPayoutId: 'pout_sim_demo0001', utr: 'SIM482917305', key: 'demo:first-payout', createdAt: clock.minutesAgo(6 * 24 * 60) })
    .returning();
  await insertLines(tx, [
    { sellerId: priya, type: 'adjustment', amountPaise: 1_249_900, key: 'demo:opening', note: 'Earnings before this ledger', createdAt: clock.minutesAgo(8 * 24 * 60) },
    { sellerId: priya, type: 'payout', amountPaise: -1_249_900, payoutId: paid!.id, key: `payout:${paid!.id}`, note: '', createdAt: clock.minutesAgo(6 * 24 * 60) },
  ]);
  return earned.length;
}
