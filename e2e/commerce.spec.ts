import { expect, test, type Page } from '@playwright/test';
import { freshPhone, shipAndAdvance, signIn } from './fixtures.js';

const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/** A new seller with one product and a live stream, made through the API the dashboard uses. */
async function sellerWithLiveStream(page: Page, store: string, product: { name: string; price: number; stock: number }) {
  expect((await page.request.post('/api/sellers', { data: { storeName: store, description: 'Handmade in India', category: 'fashion' } })).status()).toBe(201);
  const created = await page.request.post('/api/products', {
    data: { name: product.name, description: 'Made by hand', price: String(product.price), category: 'fashion', countryOfOrigin: 'IN', stockQuantity: product.stock },
  });
  expect(created.status()).toBe(201);
  const stream = await page.request.post('/api/streams', { data: { title: `${store} live` } });
  expect(stream.status()).toBe(201);
  return { streamId: ((await stream.json()) as { id: string }).id, productId: ((await created.json()) as { id: string }).id };
}

/** A first-time buyer has no saved address: the checkout opens on the address form. */
async function addAddress(page: Page) {
  const form = page.getByRole('form', { name: 'New address' });
  // The form and its validation load on first use: allow for a slow machine's first chunk load.
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('Enter a 6-digit PIN code')).toBeVisible();
  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number').fill('98450 12345');
  await form.getByLabel('PIN code').fill('560034');
  await form.getByLabel('State').selectOption('Karnataka');
  await form.getByLabel('City or town').fill('Bengaluru');
  await form.getByLabel('House number and street').fill('12, 4th Cross, Koramangala');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Meera Iyer · 9845012345')).toBeVisible();
}

test('a viewer buys the featured product with UPI without leaving the stream, and follows it to delivery', async ({ browser }) => {
  test.setTimeout(150_000);
  const sellerContext = await browser.newContext();
  const viewerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const viewer = await viewerContext.newPage();

  await signIn(seller, freshPhone(), 'Lakshmi');
  const { streamId } = await sellerWithLiveStream(seller, 'Lakshmi Handlooms', { name: 'Ilkal saree', price: 2199, stock: 5 });
  await seller.goto(`/stream/${streamId}`);

  // Featured before the viewer arrives: it is stored on the stream, so a late joiner sees it too.
  await seller.getByRole('button', { name: 'Feature', exact: true }).first().click();
  // The seller's screen shows it once the server has stored and broadcast it.
  await expect(seller.getByText('Featured Now')).toBeVisible();
  expect(((await (await seller.request.get(`/api/streams/${streamId}`)).json()) as { featuredProduct: unknown }).featuredProduct).not.toBeNull();
  await signIn(viewer, freshPhone(), 'Meera');
  await viewer.goto(`/stream/${streamId}`);
  // A cold first load of the stream page while the seller publishes video on the same two cores.
  await expect(viewer.getByText('Featured Now')).toBeVisible({ timeout: 30_000 });

  // Tap 1: Quick Buy. A first-time buyer adds an address once; then tap 2 pays.
  await viewer.getByRole('button', { name: 'Quick Buy' }).click();
  await addAddress(viewer);
  await viewer.locator('label', { hasText: 'UPI' }).click();
  await expect(viewer.getByRole('radio', { name: 'UPI' })).toBeChecked();
  await viewer.getByRole('button', { name: `Pay ${inr(2199)}` }).click();
  const gateway = viewer.frameLocator('iframe');
  await expect(gateway.getByText('Test mode', { exact: true })).toBeVisible();
  await gateway.getByRole('button', { name: 'Approve payment' }).click();
  await expect(viewer.getByText('Order placed')).toBeVisible();
  // Still on the stream, with its video element.
  await expect(viewer).toHaveURL(new RegExp(`/stream/${streamId}$`));
  await expect(viewer.locator('video').first()).toBeAttached();

  await viewer.goto('/orders');
  await expect(viewer.getByRole('heading', { name: 'My Orders (1)' })).toBeVisible();
  await expect(viewer.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(viewer.getByText('UPI · Paid')).toBeVisible();
  await expect(viewer.getByText(inr(2199))).toBeVisible();

  // The seller hands it to the courier, whose tracking delivers it (issue 27).
  const [placedOrder] = (await (await viewer.request.get('/api/orders')).json()) as Array<{ id: string }>;
  await shipAndAdvance(seller, placedOrder!.id);
  await seller.goto('/seller/dashboard');
  await expect(seller.getByText('Delivered', { exact: true }).first()).toBeVisible();

  // The buyer was told each step, and can buy the same again.
  await viewer.goto('/notifications');
  await expect(viewer.getByText('Order shipped')).toBeVisible();
  await expect(viewer.getByText('Order delivered')).toBeVisible();
  await viewer.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(viewer.getByText('All notifications marked as read', { exact: true })).toBeVisible();

  await viewer.goto('/orders');
  await expect(viewer.getByText('Delivered', { exact: true })).toBeVisible();
  await viewer.getByRole('button', { name: 'Reorder' }).click();
  await expect(viewer.getByText('Added to Cart', { exact: true })).toBeVisible();
  await expect(viewer.getByRole('dialog').getByText('Ilkal saree')).toBeVisible();

  await sellerContext.close();
  await viewerContext.close();
});

test('a shopper saves a product to the wishlist, moves it to the cart and pays cash on delivery', async ({ browser }) => {
  test.setTimeout(120_000);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, freshPhone(), 'Farida');
  const { streamId } = await sellerWithLiveStream(seller, 'Farida Zari', { name: 'Zardozi clutch', price: 1450, stock: 3 });

  const shopperContext = await browser.newContext();
  const page = await shopperContext.newPage();
  await signIn(page, freshPhone(), 'Arjun');
  await page.goto(`/stream/${streamId}`);
  await page.getByRole('button', { name: 'Add Zardozi clutch to wishlist' }).first().click();
  await expect(page.getByRole('button', { name: 'Remove Zardozi clutch from wishlist' }).first()).toBeVisible();

  await page.goto('/wishlist');
  await expect(page.getByText('My Wishlist (1)')).toBeVisible();
  await expect(page.getByText(inr(1450))).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Remove Zardozi clutch from wishlist' }).click();
  await expect(page.getByText('Removed from Wishlist', { exact: true })).toBeVisible();
  await expect(page.getByText('Your Wishlist is Empty')).toBeVisible();

  // The cart, then checkout with cash on delivery.
  await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
  await page.getByRole('button', { name: 'Checkout from Farida Zari' }).click();
  await addAddress(page);
  await page.locator('label', { hasText: 'Cash on Delivery' }).click();
  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order placed')).toBeVisible();

  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'My Orders (1)' })).toBeVisible();
  await expect(page.getByText('Cash on Delivery · Pending')).toBeVisible();
  await expect(page.getByText('Confirmed', { exact: true })).toBeVisible();

  await sellerContext.close();
  await shopperContext.close();
});
