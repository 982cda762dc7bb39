import { and, eq } from 'drizzle-orm';
import { COIN_PACKS, type CoinPackId, type PaymentAction } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { HttpError } from '../../plugins/errors.js';
import { creditCoinPurchase } from '../engagement/index.js';
import type { OutcomeHandler, PaymentRow, PaymentsService } from './service.js';
import { payments } from './tables.js';

/** A captured coin pack credits the buyer's wallet; the ledger's unique reference makes it happen once. */
export const coinsOutcome: OutcomeHandler = async (tx, payment, outcome) => {
  if (outcome === 'captured' && payment.coins) await creditCoinPurchase(tx, payment.userId, payment.coins, payment.id);
  return [];
};

export async function buyCoins(
  db: Db,
  service: PaymentsService,
  userId: string,
  body: { packId: CoinPackId; paymentMethod: 'upi' | 'card' | 'wallet'; idempotencyKey: string },
): Promise<{ created: boolean; payment: PaymentAction }> {
  // The price comes from the server's pack list, never from the client.
  const pack = COIN_PACKS.find((p) => p.id === body.packId)!;
  const byKey = async () => {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, body.idempotencyKey)))
      .limit(1);
    return row ?? null;
  };
  const replay = async (row: PaymentRow) => {
    if (row.coinPackId !== pack.id) throw new HttpError(409, 'This idempotency key was already used for another purchase');
    return { created: false, payment: await service.actionFor(row) };
  };
  const earlier = await byKey();
  if (earlier) return replay(earlier);
  let row: PaymentRow;
  try {
    row = await db.transaction((tx) =>
      service.open(tx, {
        kind: 'coins',
        userId,
        coinPackId: pack.id,
        coins: pack.coins,
        amount: pack.price,
        method: body.paymentMethod,
        idempotencyKey: body.idempotencyKey,
      }),
    );
  } catch (error) {
    const winner = isUniqueViolation(error) ? await byKey() : null;
    if (!winner) throw error;
    return replay(winner);
  }
  return { created: true, payment: await service.actionFor(row) };
}
