import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { CartItem } from '@live-market/contract/orders';
import type { Product } from '@live-market/contract/products';
import type { Deal } from '@live-market/contract/selling';
import { setCartOpen, useCartOpen } from '@/features/cart/hooks/cart-store';
import { openCheckout, setCheckoutOpen, useCheckoutState, type CheckoutLine, type OrderSource } from '@/features/checkout/hooks/checkout-store';
import { STREAMS_URL } from '@/features/streams/api/get-stream';

// vaul, the sheets and the payment code load on the first open, not with the page (150 KB budget).
const CartSheet = lazy(() => import('@/features/cart/components/cart-sheet').then((m) => ({ default: m.CartSheet })));
const CheckoutSheet = lazy(() => import('@/features/checkout/components/checkout-sheet').then((m) => ({ default: m.CheckoutSheet })));

const toLine = (item: Pick<Product, 'name' | 'imageUrl' | 'price' | 'stockQuantity'> & { productId: string; quantity: number }): CheckoutLine => ({
  productId: item.productId,
  name: item.name,
  imageUrl: item.imageUrl,
  price: item.price,
  stockQuantity: item.stockQuantity,
  quantity: item.quantity,
});

/** Quick Buy / Buy Now on a stream or its replay: checkout for one product, over the page (the video keeps playing). */
export function buyNow(product: Product, streamId?: string, source?: OrderSource): void {
  openCheckout({ lines: [toLine({ ...product, productId: product.id, quantity: 1 })], streamId, source, fromCart: false });
}

/**
 * 'Grab deal' (issue 14): checkout for the deal's product at the deal price, at most `maxQuantity` (the
 * units left within the viewer's per-buyer limit). The server charges the deal's price, not this line's.
 */
export function grabDeal(deal: Deal, maxQuantity: number): void {
  const line = { productId: deal.productId, name: deal.productName, imageUrl: deal.imageUrl, price: deal.dealPrice, stockQuantity: maxQuantity, quantity: 1 };
  openCheckout({ lines: [toLine(line)], streamId: deal.streamId, source: 'live', fromCart: false, dealId: deal.id });
}

function checkoutCart(items: CartItem[]): void {
  setCartOpen(false);
  openCheckout({ lines: items.map(toLine), fromCart: true });
}

/** The cart and checkout sheets, mounted once for every signed-in page and opened through their stores. */
export function CommerceSheets() {
  const queryClient = useQueryClient();
  const cartOpen = useCartOpen();
  const checkout = useCheckoutState();
  // Stays mounted after the first open so the sheet can animate closed.
  const [cartUsed, setCartUsed] = useState(false);
  if (cartOpen && !cartUsed) setCartUsed(true);

  // A placed order changes stock, which the stream's product grid shows, and a deal's units and what the viewer has bought in it.
  const refreshStock = () =>
    void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === STREAMS_URL && (queryKey[2] === 'products' || queryKey[2] === 'deal') });

  return (
    <Suspense fallback={null}>
      {cartUsed ? <CartSheet open={cartOpen} onOpenChange={setCartOpen} onCheckout={checkoutCart} /> : null}
      {checkout.request ? <CheckoutSheet key={checkout.request.key} request={checkout.request} open={checkout.open} onOpenChange={setCheckoutOpen} onOrderPlaced={refreshStock} /> : null}
    </Suspense>
  );
}
