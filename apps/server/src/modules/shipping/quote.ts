import { eq } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise, type ShippingQuote } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { findPincode } from '../pincodes/index.js';
import { products } from '../products/index.js';
import type { Carrier } from './carrier.js';
import { readPickup } from './pickup.js';
import { simulatedQuote } from './simulated.js';

/**
 * GET /api/shipping/quote: the carrier's answer for this product at this pincode. COD is offered only
 * where the carrier takes cash and the parcel is worth at most COD_MAX_RUPEES.
 */
export async function quoteFor(
  deps: { db: Db; carrier: Carrier; codMaxPaise: number },
  q: { productId: string; quantity: number; pincode: string },
): Promise<ShippingQuote> {
  const [product] = await deps.db.select({ price: products.price, sellerId: products.sellerId, isActive: products.isActive, weightGrams: products.weightGrams }).from(products).where(eq(products.id, q.productId));
  if (!product?.isActive) throw new HttpError(404, 'Product not found');
  if (!findPincode(q.pincode)) throw new HttpError(400, 'This PIN code is not in the India Post directory');
  const valuePaise = rupeesToPaise(product.price) * q.quantity;
  const weightGrams = product.weightGrams * q.quantity;
  const pickup = await readPickup(deps.db, product.sellerId);
  // A store without its pickup address yet: the national rate, as the carrier's rate card would give from afar.
  const answer = pickup
    ? await deps.carrier.quote({ pickupPincode: pickup.pincode, deliveryPincode: q.pincode, weightGrams, cod: true, declaredValuePaise: valuePaise }).catch(() => {
        throw new HttpError(502, 'The courier did not answer: try again in a minute');
      })
    : { ...simulatedQuote({ pickupPincode: q.pincode, deliveryPincode: q.pincode, weightGrams, cod: true, declaredValuePaise: valuePaise }), etaDays: 7, feePaise: 8_500 };
  return {
    deliverable: answer.deliverable,
    codAvailable: answer.deliverable && answer.codAvailable && valuePaise <= deps.codMaxPaise,
    etaDays: answer.etaDays,
    shippingFee: paiseToRupees(answer.feePaise),
  };
}
