// Ad-hoc screenshots: node e2e/.shot.mjs <baseURL> <phone> <lang> <outPrefix> [owner]
import { chromium } from '@playwright/test';
const [base, phone, lang, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required'] });
for (const [w, h] of [[360, 740], [390, 844]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1, isMobile: true, hasTouch: true, permissions: ['camera', 'microphone'] });
  const page = await ctx.newPage();
  await page.goto(base + '/api/login');
  await page.getByLabel(/Mobile number/).fill(phone);
  await page.locator('button[type=submit]').first().click();
  await page.locator('#dev-code').filter({ hasText: /^\d{6}$/ }).waitFor();
  const code = (await page.locator('#dev-code').textContent()).trim();
  await page.locator('input[autocomplete=one-time-code], input[inputmode=numeric]').last().fill(code);
  await page.locator('button[type=submit]').last().click();
  await page.waitForURL(base + '/');
  await page.request.patch(base + '/api/auth/profile', { data: { language: lang }, headers: { origin: base } });
  await page.evaluate((l) => { localStorage.setItem('language', l); }, lang);
  const live = await (await page.request.get(base + '/api/streams/live')).json();
  const s = live.find((x) => x.featuredProduct) ?? live[0];
  await page.goto(base + '/stream/' + s.id);
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `${out}-${w}x${h}.png` });
  if (process.argv[6]) await page.screenshot({ path: `${out}-${w}x${h}-full.png`, fullPage: true });
  await page.request.patch(base + '/api/auth/profile', { data: { language: 'en' }, headers: { origin: base } });
  await ctx.close();
}
await browser.close();
