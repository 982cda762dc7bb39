import { expect, type Page } from '@playwright/test';

// A random start per test process, then a plain count: unique for the whole run. The clock-based number
// it replaces repeated every 10 s, and a CI run signed a "new" shopper into an earlier test's account.
const base = Math.floor(Math.random() * 900_000_000);
let counter = 0;
/** A phone number nobody has used in this run: 10 digits starting with 7. */
export function freshPhone(): string {
  counter += 1;
  return `7${String((base + counter) % 1_000_000_000).padStart(9, '0')}`;
}

/** Signs in the way a person does in development: the code is read from the "Development" box. */
export async function signInOnPage(page: Page, phone: string, firstName?: string) {
  await expect(page).toHaveURL(/\/api\/login/);
  await page.getByLabel('Mobile number').fill(phone);
  if (firstName) await page.getByLabel('First name (optional)').fill(firstName);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The box is in the page from the start, hidden; wait until it shows this request's code.
  const devBox = page.locator('#dev-box');
  await expect(devBox).toBeVisible();
  await expect(devBox).toContainText('Development');
  await expect(page.locator('#dev-code')).toHaveText(/^\d{6}$/);
  const code = (await page.locator('#dev-code').textContent())?.trim() ?? '';
  await page.getByLabel('6-digit code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

export async function signIn(page: Page, phone: string, firstName?: string) {
  await page.goto('/api/login');
  await signInOnPage(page, phone, firstName);
  await expect(page).toHaveURL(/\/$/);
}

/** Holds the app's script back, so the page stays server-rendered HTML that React has not taken over; returns the release. */
export async function holdAppScript(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}


/**
 * A new seller (store in the fashion category) goes live from the dashboard with the browser's
 * camera; returns the show's path once the page says "You're live".
 */
export async function goLiveAsNewSeller(seller: Page, store: { name: string; owner: string; description: string }, title: string): Promise<string> {
  await signIn(seller, freshPhone(), store.owner);
  expect((await seller.request.post('/api/sellers', { data: { storeName: store.name, description: store.description, category: 'fashion' } })).status()).toBe(201);
  return goLiveFromDashboard(seller, title);
}

export async function goLiveFromDashboard(seller: Page, title: string): Promise<string> {
  await seller.goto('/seller/dashboard');
  await seller.getByRole('button', { name: 'Go Live Now' }).click();
  await seller.getByLabel('Stream title').fill(title);
  await seller.getByRole('button', { name: 'Go Live', exact: true }).click();
  await expect(seller).toHaveURL(/\/stream\/[0-9a-f-]{36}$/);
  await expect(seller.getByText("You're live")).toBeVisible({ timeout: 20_000 });
  return new URL(seller.url()).pathname;
}

/**
 * Issue 27: the seller packs the order with the courier (its pickup address set first) and the simulated
 * courier is moved on at once (development only). Returns the parcel's tracking number.
 */
export async function shipAndAdvance(seller: Page, orderId: string, to = 'delivered'): Promise<string> {
  const pickup = { name: 'Seller pickup', phone: '98450 11111', pincode: '560034', state: 'Karnataka', city: 'Bengaluru', line1: '12, 4th Cross, Koramangala' };
  expect((await seller.request.put('/api/seller/pickup-address', { data: pickup })).ok()).toBe(true);
  const shipped = await seller.request.post(`/api/orders/${orderId}/shipment`, { data: { weightGrams: 500, lengthCm: 20, breadthCm: 15, heightCm: 10 } });
  expect(shipped.ok(), await shipped.text()).toBe(true);
  const { awb } = (await shipped.json()) as { awb: string };
  const moved = await seller.request.post(`/api/shipping/sim/${awb}/advance`, { data: { to } });
  expect(moved.ok(), await moved.text()).toBe(true);
  return awb;
}
