import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

// Issue 12, safe shows: moderators, deleted lines, reports and slow mode across real browsers.

/** A new seller with a store and a live show, made through the API the dashboard uses. */
async function sellerWithShow(page: Page, store: string): Promise<string> {
  expect((await page.request.post('/api/sellers', { data: { storeName: store, description: 'Handmade in India', category: 'fashion' } })).status()).toBe(201);
  const stream = await page.request.post('/api/streams', { data: { title: `${store} live` } });
  expect(stream.status()).toBe(201);
  return ((await stream.json()) as { id: string }).id;
}

async function newPerson(browser: Browser, name: string, phone = freshPhone()) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, phone, name);
  return { page, phone, close: () => context.close() };
}

/** Opens the show and waits for the app to take the server-rendered page over (text typed before that is lost). */
async function openShow(page: Page, streamId: string) {
  await page.goto(`/stream/${streamId}`);
  await page.waitForFunction(() => !('__liveMarketEarlyTaps' in window));
}

// By role alone, not by name: the screens test runs in Hindi too (the stream page has one chat).
const chatInput = (page: Page) => page.getByRole('log').locator('xpath=..').getByRole('textbox');
const chatLog = (page: Page) => page.getByRole('log');

/** Sends a chat line and waits until it is in the sender's own chat (a page just opened may still be joining the room). */
async function say(page: Page, text: string) {
  await chatInput(page).fill(text);
  await expect(async () => {
    if ((await chatInput(page).inputValue()) !== '') await chatInput(page).press('Enter');
    await expect(chatLog(page).getByText(text, { exact: true }).last()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // Shown at once as "Sending…" (issue 25): said only once the server has it, or a viewer who opens
  // the show next can load the history before the line is in it.
  await expect(chatLog(page).locator('[data-pending-line]').filter({ hasText: text })).toHaveCount(0, { timeout: 30_000 });
}

test('a seller invites a moderator, who accepts in the app and whose delete takes a line off the viewer’s screen at once', async ({ browser }) => {
  // Accepting the invitation adds a page visit and a dashboard reload to this walk.
  test.setTimeout(240_000);
  const seller = await newPerson(browser, 'Kavita');
  const moderator = await newPerson(browser, 'Meena');
  const viewer = await newPerson(browser, 'Rohan');
  const streamId = await sellerWithShow(seller.page, 'Kavita Crafts');

  // The owner invites Meena from the dashboard by the phone number she signed in with (issue 25).
  await seller.page.goto('/seller/dashboard');
  const card = seller.page.getByRole('region', { name: 'Moderation' });
  await card.getByLabel('Invite a moderator by mobile number').fill(moderator.phone);
  await card.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(seller.page.getByText('Invitation sent. They become a moderator once they accept.', { exact: true })).toBeVisible();
  // Until she accepts, the owner sees the number they typed, not her name.
  const typed = `+91 ${moderator.phone.slice(0, 5)} ${moderator.phone.slice(5)}`;
  await expect(card.getByRole('list', { name: 'Invitations waiting' }).getByText(typed)).toBeVisible();
  await expect(card.getByText('Meena')).toBeHidden();

  // Meena accepts on her notifications page.
  await moderator.page.goto('/notifications');
  const invitation = moderator.page
    .getByRole('list', { name: 'Invitations to moderate' })
    .getByRole('listitem')
    .filter({ hasText: 'Kavita Crafts invites you to moderate its shows' });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(moderator.page.getByText("You're now a moderator of Kavita Crafts", { exact: true })).toBeVisible();
  await seller.page.reload();
  // The dashboard's lazy card takes a while on a busy two-core machine.
  await expect(card.getByRole('list', { name: 'Moderators' }).getByText('Meena')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('list', { name: 'Invitations waiting' })).toBeHidden();

  await openShow(viewer.page, streamId);
  await openShow(moderator.page, streamId);
  await expect(moderator.page.getByRole('button', { name: 'Chat tools' })).toBeVisible();
  await say(viewer.page, 'Cheap copies at my shop, visit now');

  // The moderator taps the line: delete, time out, ban; not 'Invite as moderator' (the owner's).
  await chatLog(moderator.page).getByRole('button', { name: /Cheap copies at my shop/ }).click();
  const menu = moderator.page.getByRole('dialog', { name: 'Rohan' });
  await expect(menu.getByRole('button', { name: 'Ban from store' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Invite as moderator' })).toBeHidden();
  await menu.getByRole('button', { name: 'Delete message' }).click();
  const deletedAt = Date.now();
  // Gone from the viewer's screen within a couple of seconds, and from the moderator's.
  await expect(chatLog(viewer.page).getByText('Cheap copies at my shop, visit now')).toBeHidden({ timeout: 2000 });
  expect(Date.now() - deletedAt).toBeLessThan(2000);
  await expect(chatLog(moderator.page).getByText('Cheap copies at my shop, visit now')).toBeHidden();
  await expect(moderator.page.getByText('Message deleted', { exact: true })).toBeVisible();

  // It stays gone for someone who opens the show afterwards, and the owner's log has it.
  await viewer.page.reload();
  await expect(chatInput(viewer.page)).toBeVisible();
  await expect(chatLog(viewer.page).getByText('Cheap copies at my shop, visit now')).toBeHidden();
  await seller.page.reload();
  await expect(seller.page.getByText('Meena deleted a message from Rohan')).toBeVisible();

  await Promise.all([seller.close(), moderator.close(), viewer.close()]);
});

test('a viewer reports a line and it reaches the owner’s reports panel; slow mode stops a second line', async ({ browser }) => {
  test.setTimeout(180_000);
  const seller = await newPerson(browser, 'Lakshmi');
  const author = await newPerson(browser, 'Rohan');
  const viewer = await newPerson(browser, 'Neha');
  const streamId = await sellerWithShow(seller.page, 'Lakshmi Handlooms');

  await openShow(seller.page, streamId);
  const tools = seller.page.getByRole('button', { name: /^Chat tools/ });
  await expect(tools).toBeVisible({ timeout: 20_000 });
  await openShow(author.page, streamId);
  await say(author.page, 'DM me, cheaper than here');
  await openShow(viewer.page, streamId);
  await chatLog(viewer.page).getByRole('button', { name: /DM me, cheaper than here/ }).click();
  await viewer.page.getByRole('dialog', { name: 'Rohan' }).getByRole('button', { name: 'Report message' }).click();
  await expect(viewer.page.getByText('Reported', { exact: true })).toBeVisible();

  // The owner's button counts it at once (chat_reports_update), and the panel lists it.
  await expect(seller.page.getByRole('button', { name: 'Chat tools · Reported messages: 1' })).toBeVisible();
  await tools.click();
  const sheet = seller.page.getByRole('dialog', { name: 'Chat tools' });
  const report = sheet.getByRole('list', { name: 'Reports' }).getByRole('listitem').first();
  await expect(report).toContainText('DM me, cheaper than here');
  await expect(report.getByText('Reports: 1')).toBeAttached();

  // Slow mode, 30 s: the viewer is told before sending, and stopped with a countdown on the second line.
  await sheet.getByRole('tab', { name: 'Settings' }).click();
  await sheet.getByText('30 s', { exact: true }).click();
  await expect(seller.page.getByText('Chat settings updated', { exact: true })).toBeVisible();
  await expect(viewer.page.getByText('Slow mode: 30 s')).toBeVisible();
  await say(viewer.page, 'Is the blue one in stock?');
  await chatInput(viewer.page).fill('And the red one?');
  await chatInput(viewer.page).press('Enter');
  const refusal = viewer.page.getByTestId('chat-refusal');
  // A number and its unit are joined by a no-break space.
  await expect(refusal).toHaveText(/^Slow mode is on\. You can send again in \d+\ss\.$/);
  await expect(viewer.page.getByRole('button', { name: 'Send' })).toBeDisabled();
  // The refused line is back in the box, to send when the wait is over.
  await expect(chatInput(viewer.page)).toHaveValue('And the red one?');
  await expect(chatLog(seller.page).getByText('And the red one?')).toBeHidden();

  await Promise.all([seller.close(), author.close(), viewer.close()]);
});

// MODERATION_SCREENSHOTS=1 writes the screens looked at for issue 12 to docs/screens/moderation-*.png.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
type Catalog = { moderation: Record<string, string>; stream: { seconds_short: string; chat_slow_mode_hint: string } };
const catalog = (code: string) => JSON.parse(readFileSync(path.join(ROOT, `apps/web/src/locales/${code}.json`), 'utf8')) as Catalog;

test('screens of safe shows, in English and Hindi at both phone sizes', async ({ browser }) => {
  test.skip(!process.env.MODERATION_SCREENSHOTS, 'Set MODERATION_SCREENSHOTS=1 to retake docs/screens/moderation-*.png');
  test.setTimeout(300_000);
  const seller = await newPerson(browser, 'Priya');
  const moderator = await newPerson(browser, 'Meena');
  const rohan = await newPerson(browser, 'Rohan');
  const neha = await newPerson(browser, 'Neha');
  const streamId = await sellerWithShow(seller.page, 'Priya’s Kundan House');
  const me = async (page: Page) => (await (await page.request.get('/api/auth/user')).json()) as { id: string; seller: { id: string } | null };
  const sellerId = (await me(seller.page)).seller!.id;
  const [rohanId, nehaId] = [(await me(rohan.page)).id, (await me(neha.page)).id];
  const invited = await seller.page.request.post(`/api/sellers/${sellerId}/moderators`, { data: { phone: moderator.phone } });
  expect(invited.status()).toBe(201);
  expect((await moderator.page.request.post(`/api/moderator-invitations/${((await invited.json()) as { id: string }).id}/accept`)).status()).toBe(200);
  await seller.page.request.put('/api/seller/chat-keywords', { data: { words: ['fake', 'replica', 'cash only', 'whatsapp me'] } });

  for (const [page, lines] of [
    [rohan.page, ['Is the kundan set available in red?', 'Cheap copies at my shop, DM me']],
    [neha.page, ['What is the price of the jhumkas?', 'Please show the back of the necklace']],
  ] as const) {
    await openShow(page, streamId);
    for (const line of lines) await say(page, line);
  }
  const messages = (await (await seller.page.request.get(`/api/streams/${streamId}/messages`)).json()) as Array<{ id: string; message: string }>;
  const spam = messages.find((m) => m.message.startsWith('Cheap copies'))!;
  await neha.page.request.post(`/api/messages/${spam.id}/reports`);
  await moderator.page.request.post(`/api/messages/${spam.id}/reports`);
  await seller.page.request.post(`/api/sellers/${sellerId}/bans`, { data: { userId: nehaId, minutes: 5 } });
  await seller.page.request.delete(`/api/sellers/${sellerId}/bans/${nehaId}`);
  await moderator.page.request.post(`/api/sellers/${sellerId}/bans`, { data: { userId: rohanId, minutes: 10 } });

  for (const code of ['en', 'hi']) {
    const t = catalog(code);
    // The account's language, as the profile's picker saves it; the app follows it on the next page.
    for (const page of [seller.page, neha.page]) {
      expect((await page.request.patch('/api/auth/profile', { data: { language: code } })).ok()).toBe(true);
      await page.context().addCookies([{ name: 'language', value: code, url: new URL(page.url()).origin }]);
      await page.context().addInitScript((language) => window.localStorage.setItem('language', language), code);
    }
    for (const viewport of VIEWPORTS) {
      const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ROOT, `docs/screens/moderation-${name}-${code}-${viewport.width}x${viewport.height}.png`) });
      await seller.page.setViewportSize(viewport);
      await neha.page.setViewportSize(viewport);

      // The owner taps a viewer's line.
      await openShow(seller.page, streamId);
      await expect(seller.page.locator('html')).toHaveAttribute('lang', code);
      await chatLog(seller.page).getByRole('button', { name: /What is the price of the jhumkas/ }).click();
      await expect(seller.page.getByRole('dialog', { name: 'Neha' })).toBeVisible();
      await seller.page.waitForTimeout(600);
      await shot(seller.page, 'message-menu');
      await seller.page.keyboard.press('Escape');
      await expect(seller.page.getByRole('dialog')).toBeHidden();

      // The chat tools: the reports, then the settings (slow mode 5 s, for the viewer's countdown next).
      await seller.page.getByRole('button', { name: new RegExp(`^${t.moderation.tools}`) }).click();
      const sheet = seller.page.getByRole('dialog', { name: t.moderation.tools });
      await expect(sheet.getByText('Cheap copies at my shop, DM me')).toBeVisible();
      await seller.page.waitForTimeout(600);
      await shot(seller.page, 'reports');
      await sheet.getByRole('tab', { name: t.moderation.tab_settings }).click();
      await sheet.getByText(t.stream.seconds_short.replace('{{seconds}}', '5'), { exact: true }).click();
      await expect(sheet.getByRole('radio', { name: t.stream.seconds_short.replace('{{seconds}}', '5') })).toBeChecked();
      await seller.page.waitForTimeout(800);
      await shot(seller.page, 'chat-settings');
      await seller.page.keyboard.press('Escape');

      // A viewer runs into slow mode.
      await openShow(neha.page, streamId);
      await expect(neha.page.locator('html')).toHaveAttribute('lang', code);
      await expect(neha.page.getByText(t.stream.chat_slow_mode_hint.replace('{{seconds}}', '5'))).toBeVisible();
      await say(neha.page, code === 'en' ? 'Do you ship to Pune?' : 'क्या पुणे भेजते हैं?');
      await chatInput(neha.page).fill(code === 'en' ? 'And to Nashik?' : 'और नासिक?');
      await chatInput(neha.page).press('Enter');
      await expect(neha.page.getByTestId('chat-refusal')).toBeVisible();
      await shot(neha.page, 'slow-mode');

      // The dashboard's Moderation card, its top and its lower half.
      await seller.page.goto('/seller/dashboard');
      const card = seller.page.getByRole('region', { name: t.moderation.card_title, exact: true });
      await expect(card.getByText('Meena', { exact: true })).toBeVisible();
      await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
      await seller.page.waitForTimeout(300);
      await shot(seller.page, 'dashboard');
      await card.getByRole('heading', { name: t.moderation.keywords }).evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
      await seller.page.waitForTimeout(300);
      await shot(seller.page, 'dashboard-words');
      // Slow mode off again for the next round.
      await seller.page.request.patch(`/api/streams/${streamId}/chat-settings`, { data: { slowModeSeconds: 0 } });
    }
  }
  await Promise.all([seller.close(), moderator.close(), rohan.close(), neha.close()]);
});
