import { expect, test } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

// Issue 13: the service worker (decision 018, with public/push-sw.js) shows a push the server sends,
// {title, body, link, tag?}, and opens its link when the notification is tapped. A push service is not
// reachable from the test browser, so the push is delivered to the worker as a PushEvent.

/** What the test uses of the worker's global scope (e2e has the DOM types, not the worker's). */
type WorkerScope = {
  registration: ServiceWorkerRegistration;
  dispatchEvent: (event: Event) => boolean;
  PushEvent: new (type: string, init: { data: string }) => Event;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};

test('the service worker shows a push and takes the app to its link when tapped', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const page = await context.newPage();
  await signIn(page, freshPhone(), 'Sunita');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') await new Promise((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(null)));
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The worker that controls the page (its script is /sw.js).
  const worker = context.serviceWorkers().find((w) => w.url().endsWith('/sw.js')) ?? (await context.waitForEvent('serviceworker'));
  // The push code is loaded into Workbox's worker (importScripts in vite.pwa.ts).
  expect(await page.evaluate(async () => (await fetch('/push-sw.js')).ok)).toBe(true);

  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as WorkerScope).registration.getNotifications()).map((n: Notification) => ({ title: n.title, body: n.body, tag: n.tag, link: (n.data as { link: string }).link })),
    );
  const push = (payload: unknown) =>
    worker.evaluate((data) => {
      const scope = self as unknown as WorkerScope;
      try {
        scope.dispatchEvent(new scope.PushEvent('push', { data: JSON.stringify(data) }));
      } catch {
        // A test-made event cannot be waited on; the notification is shown all the same.
      }
    }, payload);

  // The first test-made event can go unseen by a worker Chromium is still bringing up (once in CI, 2026-11-26);
  // the same tagged push again only replaces it, so it is sent until it shows.
  await expect(async () => {
    await push({ title: 'Kota doria starts in 5 minutes', body: 'Kavita Crafts goes live at 7:30 pm', link: '/streams', tag: 'show-1-reminder' });
    await expect.poll(shown, { timeout: 3000 }).toEqual([{ title: 'Kota doria starts in 5 minutes', body: 'Kavita Crafts goes live at 7:30 pm', tag: 'show-1-reminder', link: `${baseURL}/streams` }]);
  }).toPass({ timeout: 20_000 });
  // The same tag replaces it rather than stacking; a link to another site opens our home instead.
  await push({ title: 'Kota doria is live', body: 'Tap to watch', link: 'https://evil.example/phish', tag: 'show-1-reminder' });
  await expect.poll(shown).toEqual([{ title: 'Kota doria is live', body: 'Tap to watch', tag: 'show-1-reminder', link: `${baseURL}/` }]);

  // Tapped: the app's open window goes to the link.
  await push({ title: 'Kota doria is live', body: 'Tap to watch', link: '/streams', tag: 'show-1-reminder' });
  await expect.poll(async () => (await shown())[0]?.link).toBe(`${baseURL}/streams`);
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    try {
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    } catch {
      // As above: the handler runs although a test-made event cannot be waited on.
    }
  });
  await expect(page).toHaveURL(/\/streams$/);
  await expect.poll(shown).toEqual([]);
  await context.close();
});
