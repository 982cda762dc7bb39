import { z } from 'zod';
import { OrderStatus, PaymentMethod, PaymentStatus } from './catalog.js';

export const Order = z.object({
  id: z.uuid(),
  status: OrderStatus,
  createdAt: z.iso.datetime(),
  totalAmount: z.string(),
  paymentMethod: PaymentMethod.nullable(),
  paymentStatus: PaymentStatus,
  streamId: z.uuid().nullable(),
});
export type Order = z.infer<typeof Order>;
export const OrderList = z.array(Order);
