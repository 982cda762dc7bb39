import { expect, test } from '@playwright/test';
import { phoneShots } from './shots.js';
import { freshPhone, shipAndAdvance, signIn } from './fixtures.js';

// Issue 26 in a real browser: a paid order lands in the seller's money screen, the seller adds a payout
// account; the buyer downloads the GST invoice and cancels, and the refund shows. MONEY_SHOTS=1 keeps
// screenshots at 390×844 and 360×740 in English and Tamil under test-results/money.
const shots = phoneShots('MONEY_SHOTS', 'money');

test('a paid order reaches the seller’s money screen; the buyer gets an invoice, cancels and is refunded', async ({ browser }) => {
  test.setTimeout(180_000);
  const seller = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const buyer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();

  await signIn(seller, freshPhone(), 'Lakshmi');
  expect((await seller.request.post('/api/sellers', { data: { storeName: 'Lakshmi Silver', description: 'Silver jewellery from Cuttack', category: 'jewelry' } })).status()).toBe(201);
  const product = (await (await seller.request.post('/api/products', { data: { name: 'Filigree jhumka', price: '1030', category: 'jewelry', countryOfOrigin: 'IN', stockQuantity: 5 } })).json()) as { id: string };

  await signIn(buyer, freshPhone(), 'Meera');
  const address = (await (await buyer.request.post('/api/addresses', { data: { name: 'Meera Iyer', phone: '98450 12345', pincode: '560034', state: 'Karnataka', city: 'Bengaluru', line1: '12, 4th Cross, Koramangala' } })).json()) as { id: string };
  const placed = (await (await buyer.request.post('/api/orders', { data: { items: [{ productId: product.id, quantity: 1 }], addressId: address.id, paymentMethod: 'upi', idempotencyKey: `money-e2e-${Date.now()}` } })).json()) as {
    order: { id: string };
    payment: { paymentId: string };
  };
  expect((await buyer.request.post(`/api/payments/simulated/${placed.payment.paymentId}`, { data: { outcome: 'success' } })).ok()).toBe(true);

  // The seller: pending earnings, the ledger's lines, and a reminder to add where to be paid.
  await seller.goto('/seller/money');
  const pending = seller.getByText('Pending', { exact: true }).first();
  await expect(pending).toBeVisible({ timeout: 30_000 });
  await expect(seller.getByText('₹912.73').first()).toBeVisible();
  for (const type of ['Sale', 'Commission', 'GST on commission', 'TCS', 'TDS']) await expect(seller.getByText(type, { exact: true }).first()).toBeVisible();
  await expect(seller.getByText('Add a payout account').first()).toBeVisible();
  await shots(seller, 'money-en');

  await seller.getByLabel("Account holder's name").fill('Lakshmi Das');
  await seller.getByLabel('IFSC').fill('SBIN12');
  await seller.getByLabel('Account number').fill('123456789012');
  await seller.getByRole('button', { name: 'Save payout account' }).click();
  await expect(seller.getByText('Enter a valid IFSC, like SBIN0001234')).toBeVisible();
  await seller.getByLabel('IFSC').fill('SBIN0001234');
  await seller.getByRole('button', { name: 'Save payout account' }).click();
  await expect(seller.getByText('••••9012').first()).toBeVisible();

  // The buyer: the order sheet offers the invoice and Cancel Order.
  await buyer.goto('/orders');
  await buyer.getByRole('button', { name: 'View Details' }).first().click();
  const invoice = buyer.getByRole('link', { name: 'Download invoice' });
  await expect(invoice).toBeVisible({ timeout: 30_000 });
  const pdf = await buyer.request.get((await invoice.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await buyer.getByRole('button', { name: 'Cancel Order' }).click();
  await buyer.getByLabel('Reason (optional)').fill('Ordered the wrong colour');
  await shots(buyer, 'cancel-en');
  await buyer.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(buyer.getByText('Reason: Ordered the wrong colour')).toBeVisible();
  // The simulated gateway settles the refund a few seconds later; the sheet follows it.
  await expect(async () => {
    await buyer.reload();
    await buyer.getByRole('button', { name: 'View Details' }).first().click();
    await expect(buyer.getByText('Refunded', { exact: true }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });
  await shots(buyer, 'refunded-en');

  // Tamil: the seller's screen in the seller's own language, the cancelled order's lines netted out.
  await seller.request.patch('/api/auth/profile', { data: { language: 'ta' } });
  await seller.evaluate(() => localStorage.setItem('language', 'ta'));
  await seller.reload();
  await expect(seller.locator('html')).toHaveAttribute('lang', 'ta');
  await expect(seller.getByText('₹0').first()).toBeVisible({ timeout: 30_000 });
  await shots(seller, 'money-ta');
});

test('a delivered cash-on-delivery order’s refund: the buyer keeps it as store credit and pays the next order with it', async ({ browser }) => {
  test.setTimeout(180_000);
  const seller = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  const buyer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(seller, freshPhone(), 'Farhan');
  expect((await seller.request.post('/api/sellers', { data: { storeName: 'Farhan Crafts', description: 'Brass and wood from Moradabad', category: 'jewelry' } })).status()).toBe(201);
  const make = async (name: string, price: string) => ((await (await seller.request.post('/api/products', { data: { name, price, category: 'home', countryOfOrigin: 'IN', stockQuantity: 5 } })).json()) as { id: string }).id;
  const lamp = await make('Brass diya', '650');
  const tray = await make('Sheesham tray', '400');

  await signIn(buyer, freshPhone(), 'Anjali');
  const address = (await (await buyer.request.post('/api/addresses', { data: { name: 'Anjali Rao', phone: '98450 54321', pincode: '560034', state: 'Karnataka', city: 'Bengaluru', line1: '7, 2nd Main, HSR Layout' } })).json()) as { id: string };
  const placed = await buyer.request.post('/api/orders', {
    data: { items: [{ productId: lamp, quantity: 1 }, { productId: tray, quantity: 1 }], addressId: address.id, paymentMethod: 'cod', idempotencyKey: `cod-e2e-${Date.now()}` },
  });
  const order = ((await placed.json()) as { order: { id: string; items: Array<{ id: string; productId: string }> } }).order;
  // ₹1,050 in cash: above ₹1,000 the buyer confirms before the seller may ship it.
  expect((await buyer.request.post(`/api/orders/${order.id}/confirm-cod`)).ok()).toBe(true);
  await shipAndAdvance(seller, order.id);
  const lampItem = order.items.find((i) => i.productId === lamp)!;
  expect((await seller.request.post(`/api/orders/${order.id}/refunds`, { data: { orderItemId: lampItem.id, reason: 'Arrived cracked' } })).ok()).toBe(true);

  // The buyer opens the order: the refund waits for their choice.
  await buyer.goto('/orders');
  await buyer.getByRole('button', { name: 'View Details' }).first().click();
  const choice = buyer.getByRole('form', { name: 'How would you like your ₹650.00 back?' });
  await expect(choice).toBeVisible({ timeout: 30_000 });
  await choice.getByRole('textbox', { name: 'UPI id' }).fill('anjali@');
  await choice.getByRole('button', { name: 'Get my refund' }).click();
  await expect(choice.getByText('Enter a valid UPI id, like name@okbank')).toBeVisible();
  await shots(buyer, 'cod-choice-en');
  await choice.getByText('As store credit').click();
  await choice.getByRole('button', { name: 'Get my refund' }).click();
  await expect(buyer.getByText('Your refund is being added to your store credit.').first()).toBeVisible();
  await expect(async () => {
    const credit = (await (await buyer.request.get('/api/store-credit')).json()) as { balance: string };
    expect(credit.balance).toBe('650');
  }).toPass({ timeout: 30_000 });

  // The next order, bought in the app: store credit is offered and pays it.
  expect((await buyer.request.post('/api/cart/items', { data: { productId: tray, quantity: 1 } })).ok()).toBe(true);
  await buyer.goto('/orders');
  await buyer.getByRole('button', { name: /^Cart, 1 item/ }).click();
  await buyer.getByRole('button', { name: 'Checkout from Farhan Crafts' }).click();
  const pay = buyer.getByRole('radio', { name: /Store credit/ });
  await expect(pay).toBeAttached({ timeout: 30_000 });
  await buyer.locator('label', { hasText: 'Store credit' }).click();
  await expect(pay).toBeChecked();
  await expect(buyer.getByText('₹650.00 available')).toBeVisible();
  await shots(buyer, 'checkout-credit-en');
  await buyer.getByRole('button', { name: 'Place Order' }).click();
  await expect(buyer.getByText('Order placed')).toBeVisible({ timeout: 30_000 });
  const after = (await (await buyer.request.get('/api/store-credit')).json()) as { balance: string };
  expect(after.balance).toBe('250');

  // Tamil: the choice in the buyer's own language.
  const second = await buyer.request.post('/api/orders', {
    data: { items: [{ productId: lamp, quantity: 1 }, { productId: tray, quantity: 1 }], addressId: address.id, paymentMethod: 'cod', idempotencyKey: `cod-e2e-ta-${Date.now()}` },
  });
  const again = ((await second.json()) as { order: { id: string; items: Array<{ id: string; productId: string }> } }).order;
  expect((await buyer.request.post(`/api/orders/${again.id}/confirm-cod`)).ok()).toBe(true);
  await shipAndAdvance(seller, again.id);
  expect((await seller.request.post(`/api/orders/${again.id}/refunds`, { data: { orderItemId: again.items.find((i) => i.productId === tray)!.id } })).ok()).toBe(true);
  await buyer.request.patch('/api/auth/profile', { data: { language: 'ta' } });
  await buyer.evaluate(() => localStorage.setItem('language', 'ta'));
  await buyer.goto('/orders');
  await expect(buyer.locator('html')).toHaveAttribute('lang', 'ta');
  await buyer.getByRole('button', { name: 'விவரங்களைப் பார்' }).first().click();
  await expect(buyer.getByText('என் UPI ஐடிக்கு')).toBeVisible({ timeout: 30_000 });
  await shots(buyer, 'cod-choice-ta');
});
