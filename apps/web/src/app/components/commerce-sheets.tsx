import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { CartItem } from '@live-market/contract/orders';
import type { Product } from '@live-market/contract/products';
import type { Deal } from '@live-market/contract/selling';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { setCartOpen, useCartOpen } from '@/features/cart/hooks/cart-store';
import { getAddressesQueryOptions } from '@/features/checkout/api/get-addresses';
import { openCheckout, setCheckoutOpen, useCheckoutState, type CheckoutLine, type OrderSource } from '@/features/checkout/hooks/checkout-store';
import { STREAMS_URL } from '@/features/streams/api/get-stream';
import { buyerContact } from '@/features/checkout/utils/buyer-contact';
import { closeProductSheetAtOnce, setProductSheetOpen, useProductSheet } from '@/lib/product-sheet';

/** After a show's page (or the cart) has opened: its requests and video go first. */
const ADDRESSES_PREFETCH_DELAY_MS = 3000;

// vaul, the sheets and the payment code load on the first open, not with the page (150 KB budget).
const CartSheet = lazy(() => import('@/features/cart/components/cart-sheet').then((m) => ({ default: m.CartSheet })));
const loadCheckoutSheet = () => import('@/features/checkout/components/checkout-sheet');
const CheckoutSheet = lazy(() => loadCheckoutSheet().then((m) => ({ default: m.CheckoutSheet })));
// Issue 28: a product's sheet (origin, returns, who sells it) and the checkout's "Sold by" line.
const ProductSheet = lazy(() => import('@/features/products/components/product-sheet').then((m) => ({ default: m.ProductSheet })));
const SoldByLine = lazy(() => import('@/features/products/components/sold-by-line').then((m) => ({ default: m.SoldByLine })));
const StoreTrust = lazy(() => import('@/features/reviews/components/store-trust').then((m) => ({ default: m.StoreTrust })));

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
  const productSheet = useProductSheet();
  const { user } = useAuth();
  const [location] = useLocation();
  const canBuy = cartOpen || location.startsWith('/stream/');

  // Issue 25: Buy Now on a weak network shows the saved addresses, not an empty form: where one can
  // buy, they are fetched once beforehand (the cache keeps them for the visit), and the checkout's own
  // code with them, or a Buy Now tapped offline would find no sheet to open.
  useEffect(() => {
    if (!canBuy) return;
    const timer = setTimeout(() => {
      void queryClient.prefetchQuery(getAddressesQueryOptions());
      loadCheckoutSheet().catch(() => {
        // Offline already: the first Buy Now loads it, as before.
      });
    }, ADDRESSES_PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [canBuy, queryClient]);
  // Stays mounted after the first open so the sheet can animate closed.
  const [cartUsed, setCartUsed] = useState(false);
  if (cartOpen && !cartUsed) setCartUsed(true);

  // A placed order changes stock, which the stream's product grid shows, and a deal's units and what the viewer has bought in it.
  const refreshStock = () =>
    void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[0] === STREAMS_URL && (queryKey[2] === 'products' || queryKey[2] === 'deal') });

  return (
    <Suspense fallback={null}>
      {cartUsed ? <CartSheet open={cartOpen} onOpenChange={setCartOpen} onCheckout={checkoutCart} /> : null}
      {checkout.request ? <CheckoutSheet
          key={checkout.request.key}
          request={checkout.request}
          open={checkout.open}
          onOpenChange={setCheckoutOpen}
          onOrderPlaced={refreshStock}
          contact={buyerContact(user)}
          renderSoldBy={(productId) => <SoldByLine productId={productId} />}
        /> : null}
      {productSheet.request ? (
        <ProductSheet
          key={productSheet.request.key}
          product={productSheet.request.product}
          onBuy={() => {
            const buy = productSheet.request?.onBuy;
            closeProductSheetAtOnce();
            buy?.();
          }}
          open={productSheet.open}
          onOpenChange={setProductSheetOpen}
          renderTrust={(sellerId, storeName) => <StoreTrust sellerId={sellerId} storeName={storeName} />}
        />
      ) : null}
    </Suspense>
  );
}
