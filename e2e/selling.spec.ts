import { expect, test, type Page } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

// Issue 14: a flash deal and a live auction, from the seller's product cards to the buyer's payment.

const inr = (n: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(n);

/** A new store with two products and a live show, made through the API the dashboard uses. */
async function sellerWithLiveShow(page: Page) {
  expect((await page.request.post('/api/sellers', { data: { storeName: 'Kaveri Silks', description: 'Handwoven in Karnataka', category: 'fashion' } })).status()).toBe(201);
  for (const product of [
    { name: 'Ilkal saree', price: '1299', stockQuantity: 5 },
    { name: 'Kundan necklace set', price: '2400', stockQuantity: 1 },
  ]) {
    const created = await page.request.post('/api/products', { data: { ...product, description: 'Made by hand', category: 'fashion', countryOfOrigin: 'IN' } });
    expect(created.status(), await created.text()).toBe(201);
  }
  const stream = await page.request.post('/api/streams', { data: { title: 'Kaveri Silks live' } });
  expect(stream.status()).toBe(201);
  return ((await stream.json()) as { id: string }).id;
}

/** A first-time buyer has no saved address: the sheet opens on the address form. */
async function addAddress(page: Page) {
  const form = page.getByRole('form', { name: 'New address' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Full name').fill('Meera Iyer');
  await form.getByLabel('Mobile number').fill('98450 12345');
  await form.getByLabel('PIN code').fill('560034');
  await form.getByLabel('State').selectOption('Karnataka');
  await form.getByLabel('City or town').fill('Bengaluru');
  await form.getByLabel('House number and street').fill('12, 4th Cross, Koramangala');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Meera Iyer · 9845012345')).toBeVisible();
}

/** The built-in test gateway, in the sheet's iframe. */
async function approvePayment(page: Page) {
  const gateway = page.frameLocator('iframe');
  await expect(gateway.getByText('Test mode', { exact: true })).toBeVisible();
  await gateway.getByRole('button', { name: 'Approve payment' }).click();
}

test('a seller runs a flash deal and an auction; a viewer grabs the deal, wins the auction and pays for it from My Orders', async ({ browser }) => {
  test.setTimeout(180_000);
  const sellerContext = await browser.newContext();
  const viewerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const viewer = await viewerContext.newPage();

  await signIn(seller, freshPhone(), 'Kaveri');
  const streamId = await sellerWithLiveShow(seller);
  await seller.goto(`/stream/${streamId}`);
  await signIn(viewer, freshPhone(), 'Meera');
  await viewer.goto(`/stream/${streamId}`);
  await expect(viewer.getByRole('heading', { name: 'Kaveri Silks live' })).toBeVisible({ timeout: 30_000 });

  // Flash deal: from the product card's sheet.
  const saree = seller.getByRole('article', { name: 'Ilkal saree' });
  await saree.getByRole('button', { name: 'Flash deal' }).click();
  const dealSheet = seller.getByRole('dialog', { name: 'Flash deal' });
  await dealSheet.getByLabel('Deal price (₹)').fill('799');
  await dealSheet.getByLabel('Units').fill('3');
  await dealSheet.getByLabel('Limit per buyer').fill('1');
  await dealSheet.getByText('2 min', { exact: true }).click();
  await dealSheet.getByRole('button', { name: 'Start deal' }).click();
  await expect(seller.getByText('Flash deal started', { exact: true })).toBeVisible();
  const ownerBanner = seller.getByRole('region', { name: 'Flash deal' });
  await expect(ownerBanner).toContainText('3 of 3 left');
  await expect(ownerBanner.getByRole('button', { name: 'End deal' })).toBeVisible();

  // The viewer sees it over the video and grabs it at the deal price.
  const banner = viewer.getByRole('region', { name: 'Flash deal' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner.getByText(inr(799))).toBeVisible();
  await expect(banner.getByText(`Save ${inr(500)}`)).toBeVisible();
  await expect(banner.getByRole('timer')).toHaveText(/^[12]:\d\d$/);
  await banner.getByRole('button', { name: 'Grab deal' }).click();
  await addAddress(viewer);
  await viewer.locator('label', { hasText: 'UPI' }).click();
  await viewer.getByRole('button', { name: `Pay ${inr(799)}` }).click();
  await approvePayment(viewer);
  await expect(viewer.getByText('Order placed')).toBeVisible();
  await viewer.getByRole('button', { name: 'Keep watching' }).click();
  // One per buyer, and it is bought: the seller's banner counts it.
  await expect(ownerBanner).toContainText('2 of 3 left');
  await expect(banner).toContainText('You have bought your limit');
  await ownerBanner.getByRole('button', { name: 'End deal' }).click();
  await expect(banner).toContainText('Deal ended');

  // Auction: 15 seconds, from the other product's card.
  await seller.getByRole('article', { name: 'Kundan necklace set' }).getByRole('button', { name: 'Auction' }).click();
  const auctionSheet = seller.getByRole('dialog', { name: 'Auction' });
  await auctionSheet.getByLabel('Starting bid (₹)').fill('500');
  await auctionSheet.getByText('15 sec', { exact: true }).click();
  await auctionSheet.getByRole('button', { name: 'Start auction' }).click();
  await expect(seller.getByText('Auction started', { exact: true })).toBeVisible();
  const ownerCard = seller.getByRole('region', { name: 'Live auction' });
  await expect(ownerCard.getByText('No bids yet')).toBeVisible();
  await expect(ownerCard.getByRole('button', { name: 'Cancel auction' })).toBeVisible();

  // One tap bids the next valid amount (the starting bid), and the viewer leads.
  const card = viewer.getByRole('region', { name: 'Live auction' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card.getByRole('button', { name: `Bid ${inr(500)}` }).click();
  await expect(card.getByText("You're leading")).toBeVisible();
  await expect(card.getByRole('button', { name: `Bid ${inr(525)}` })).toBeDisabled();
  await expect(ownerCard.getByText('Meera leads')).toBeVisible();

  // The clock runs out: the winner is told, the seller sees who bought it (each result shows for a few seconds, so both are awaited at once).
  await Promise.all([
    expect(card.getByText(`You won it for ${inr(500)}!`)).toBeVisible({ timeout: 40_000 }),
    expect(ownerCard.getByText(`Sold to Meera for ${inr(500)}`)).toBeVisible({ timeout: 40_000 }),
  ]);

  // The won order waits for its payment in My Orders, and Pay now pays it.
  await card.getByRole('link', { name: 'Pay now' }).click();
  await expect(viewer).toHaveURL(/\/orders$/);
  const waiting = viewer.getByRole('article').filter({ hasText: 'Won in a live auction' });
  await expect(waiting.getByText('Awaiting payment')).toBeVisible();
  const won = viewer.getByRole('article', { name: (await waiting.getAttribute('aria-label'))! });
  await expect(won).toContainText(/Pay by \w{3} \d{2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
  await won.getByRole('button', { name: 'Pay now' }).click();
  const paySheet = viewer.getByRole('dialog', { name: 'Pay for your order' });
  await expect(paySheet.getByText('Meera Iyer · 9845012345')).toBeVisible();
  await expect(paySheet.getByRole('radio', { name: 'UPI' })).toBeChecked();
  await paySheet.getByRole('button', { name: `Pay ${inr(500)}` }).click();
  await approvePayment(viewer);
  await expect(paySheet.getByText('Payment received')).toBeVisible();
  await paySheet.getByRole('button', { name: 'Done' }).click();
  await expect(won.getByText('UPI · Paid')).toBeVisible();
  await expect(won.getByRole('button', { name: 'Pay now' })).toBeHidden();

  await sellerContext.close();
  await viewerContext.close();
});
