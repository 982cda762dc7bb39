import { expect, test, type Page } from '@playwright/test';
import { E2E_OPERATOR_PHONE } from './playwright.config.js';
import { phoneShots } from './shots.js';
import { freshPhone, signIn } from './fixtures.js';

// Issue 28, item 5 in a real browser: a shopper's complaint reaches the operator console, the operator
// answers it and suspends an account (signed out at once, and told why at sign-in), and the audit log
// says who did what and why. ADMIN_SHOTS=1 keeps screenshots at 390×844 and 360×740, English and Hindi.
const shots = phoneShots('ADMIN_SHOTS', 'admin');

async function openSection(page: Page, name: RegExp) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

test('an operator answers a shopper’s complaint, suspends an account and reads the audit log', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = () => browser.newContext({ viewport: { width: 390, height: 844 } });

  // A shopper writes to LiveMarket; the console is not for them.
  const shopper = await (await context()).newPage();
  await signIn(shopper, freshPhone(), 'Farida');
  const filed = await shopper.request.post('/api/support/tickets', { data: { category: 'delivery', message: 'My parcel has not moved for five days.' } });
  expect(filed.status(), await filed.text()).toBe(201);
  const { ticketNumber } = (await filed.json()) as { ticketNumber: string };
  await shopper.goto('/admin');
  await expect(shopper.getByRole('heading', { name: 'This page is for LiveMarket operators' })).toBeVisible();
  await shots(shopper, 'operators-only-en');

  // Someone to suspend, signed in on their own phone.
  const fraudPhone = freshPhone();
  const fraud = await (await context()).newPage();
  await signIn(fraud, fraudPhone, 'Mallesh');

  // The operator finds the console on their profile.
  const operator = await (await context()).newPage();
  await signIn(operator, E2E_OPERATOR_PHONE, 'Meera');
  await operator.goto('/profile');
  await operator.getByRole('link', { name: /Operator console/ }).click();
  await expect(operator).toHaveURL(/\/admin$/);
  await expect(operator.getByRole('tablist', { name: 'Console sections' })).toBeVisible();
  await expect(operator.getByRole('tab', { name: /Tickets\s*\d+/ })).toBeVisible();
  await shots(operator, 'console-en');

  // Tickets: the new one with its 48-hour clock; the answer reaches the shopper's Help & complaints.
  await openSection(operator, /Tickets/);
  const card = operator.getByLabel(`Request ${ticketNumber}`);
  await expect(card).toContainText('My parcel has not moved for five days.');
  await expect(card).toContainText(/Reply: \d+ hours left/);
  await expect(card).toContainText(/Resolve: \d+ days left/);
  await shots(operator, 'tickets-en');
  await card.getByRole('button', { name: 'Answer' }).click();
  const answer = operator.getByRole('dialog', { name: `Answer ${ticketNumber}` });
  await answer.getByLabel('Your answer').fill('We asked the courier: it moves tomorrow.');
  await shots(operator, 'answer-sheet-en');
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer).toBeHidden();
  await expect(operator.getByText(`Answer sent on ${ticketNumber}`).first()).toBeVisible();
  await operator.getByRole('button', { name: 'Answered' }).click();
  await expect(operator.getByLabel(`Request ${ticketNumber}`)).toContainText('We asked the courier: it moves tomorrow.');
  await shopper.goto('/support');
  await expect(shopper.getByLabel(`Request ${ticketNumber}`)).toContainText('We asked the courier: it moves tomorrow.');

  // People: find the account by its last digits and suspend it, with the reason.
  await openSection(operator, /People/);
  await operator.getByLabel('Find a person').fill(fraudPhone.slice(-6));
  await operator.getByRole('button', { name: 'Search' }).click();
  const person = operator.getByLabel('Mallesh', { exact: true });
  await expect(person).toBeVisible();
  await person.getByRole('button', { name: 'Suspend' }).click();
  const suspend = operator.getByRole('dialog', { name: 'Suspend Mallesh?' });
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspend.getByText('Say why (at least 3 characters)')).toBeVisible();
  await suspend.getByLabel('Why? (kept in the audit log)').fill('Orders paid with stolen cards');
  await shots(operator, 'suspend-sheet-en');
  await suspend.getByRole('button', { name: 'Suspend' }).click();
  await expect(suspend).toBeHidden();
  await expect(person).toContainText('Suspended since');
  await expect(person.getByRole('button', { name: 'Restore' })).toBeVisible();
  await shots(operator, 'people-en');

  // The suspended account is signed out at once, and told why when it tries again.
  await expect.poll(async () => (await fraud.request.get('/api/auth/user')).status()).toBe(401);
  // The open page is sent home on its own when it hears of it; a new tab tries again.
  const retry = await fraud.context().newPage();
  await retry.goto('/api/login');
  await retry.getByLabel('Mobile number').fill(fraudPhone);
  await retry.getByRole('button', { name: 'Send code' }).click();
  await expect(retry.locator('#dev-code')).toHaveText(/^\d{6}$/);
  await retry.getByLabel('6-digit code').fill(((await retry.locator('#dev-code').textContent()) ?? '').trim());
  await retry.getByRole('button', { name: 'Verify' }).click();
  await expect(retry.getByRole('alert').filter({ hasText: 'Orders paid with stolen cards' })).toBeVisible();
  await expect(retry).toHaveURL(/\/api\/login/);

  // The audit log: who, when, what and why, newest first.
  await openSection(operator, /Audit log/);
  const suspended = operator.getByLabel('Account suspended').first();
  await expect(suspended).toContainText('Orders paid with stolen cards');
  await expect(suspended).toContainText('by Meera');
  await expect(operator.getByLabel('Ticket answered').first()).toContainText('by Meera');
  await shots(operator, 'audit-en');

  if (shots.dir) {
    for (const section of [/Live shows/, /Refunds/]) {
      await openSection(operator, section);
      await shots(operator, `${section.source.replace(/\W+/g, '-').toLowerCase()}-en`);
    }
    // The same console in Hindi.
    await operator.request.patch('/api/auth/profile', { data: { language: 'hi' } });
    await operator.evaluate(() => localStorage.setItem('language', 'hi'));
    await operator.goto('/admin');
    await expect(operator.getByRole('tablist', { name: 'कंसोल के हिस्से' })).toBeVisible();
    await shots(operator, 'console-hi');
    await openSection(operator, /टिकट/);
    await operator.getByRole('button', { name: 'सभी' }).click();
    await expect(operator.getByLabel(`अनुरोध ${ticketNumber}`)).toBeVisible();
    await shots(operator, 'tickets-hi');
    await openSection(operator, /लोग/);
    await operator.getByLabel('किसी व्यक्ति को खोजें').fill(fraudPhone.slice(-6));
    await operator.getByRole('button', { name: 'खोजें' }).click();
    await operator.getByLabel('Mallesh', { exact: true }).getByRole('button', { name: 'बहाल करें' }).click();
    await expect(operator.getByRole('dialog')).toBeVisible();
    await shots(operator, 'restore-sheet-hi');
    await operator.keyboard.press('Escape');
    await openSection(operator, /ऑडिट लॉग/);
    await shots(operator, 'audit-hi');
    await openSection(operator, /रिफ़ंड/);
    await shots(operator, 'refunds-hi');
    await shopper.request.patch('/api/auth/profile', { data: { language: 'hi' } });
    await shopper.evaluate(() => localStorage.setItem('language', 'hi'));
    await shopper.goto('/admin');
    await expect(shopper.getByRole('heading', { name: 'यह पेज LiveMarket ऑपरेटरों के लिए है' })).toBeVisible();
    await shots(shopper, 'operators-only-hi');
  }
});
