import { operatorGrants, supportMessages, supportTickets } from '../schema.js';
import type { Tx } from '../client.js';
import { DEMO_OPERATOR_PHONE } from './accounts.js';
import type { Clock } from './time.js';
import type { Users } from './users.js';

// Issue 28: the marketplace's side. Meera runs the operator console; two shoppers have written to the
// grievance desk, one answered and one waiting, so its queue and its clocks have something to show.
export async function insertSupport(tx: Tx, users: Users, clock: Clock): Promise<number> {
  await tx.insert(operatorGrants).values({ phone: DEMO_OPERATOR_PHONE });
  const [waiting] = await tx
    .insert(supportTickets)
    .values({ userId: users.rahul.id, category: 'delivery', createdAt: clock.minutesAgo(30 * 60) })
    .returning();
  const [answered] = await tx
    .insert(supportTickets)
    .values({ userId: users.sneha.id, category: 'payment', status: 'answered', createdAt: clock.daysAgo(3), acknowledgedAt: clock.daysAgo(2) })
    .returning();
  await tx.insert(supportMessages).values([
    { ticketId: waiting!.id, from: 'user', body: 'My parcel has shown "in transit" for four days and the courier does not pick up the phone.', createdAt: clock.minutesAgo(30 * 60) },
    { ticketId: answered!.id, from: 'user', body: 'I paid by UPI but the app said the payment failed. The money left my account.', createdAt: clock.daysAgo(3) },
    {
      ticketId: answered!.id,
      from: 'operator',
      operatorId: users.meera.id,
      body: 'The payment did not reach the store, so the bank returns it within 5 working days. We have asked the payment gateway to confirm.',
      createdAt: clock.daysAgo(2),
    },
  ]);
  return 2;
}
