import { expect, test } from '@playwright/test';
import { freshPhone, signIn } from './fixtures.js';

test('a seller runs a poll, a quiz and receives a gift from a viewer', async ({ browser }) => {
  // Two 30-second quiz timers run inside it; the rest is a few seconds on an idle machine.
  test.setTimeout(240_000);
  const sellerContext = await browser.newContext();
  const viewerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const viewer = await viewerContext.newPage();

  // The demo seller's live show.
  await signIn(seller, '9876543210');
  const me = await (await seller.request.get('/api/auth/user')).json();
  const streams: Array<{ id: string; isLive: boolean }> = await (await seller.request.get(`/api/streams/seller/${me.id}`)).json();
  const streamId = streams.find((s) => s.isLive)!.id;
  await seller.goto(`/stream/${streamId}`);
  await signIn(viewer, freshPhone(), 'Ishaan');
  await viewer.goto(`/stream/${streamId}`);

  // Poll: the seeded poll is ended first, then a new one is created, voted on and ended.
  await seller.getByRole('tab', { name: 'Poll' }).click();
  const endSeeded = seller.getByRole('button', { name: 'End Poll' });
  await expect(endSeeded.or(seller.getByRole('button', { name: 'Create Poll' }))).toBeVisible();
  if (await endSeeded.isVisible()) await endSeeded.click();
  await seller.getByRole('button', { name: 'Create Poll' }).click();
  await seller.getByRole('textbox', { name: 'Question', exact: true }).fill('Which finish do you prefer?');
  await seller.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Gold');
  await seller.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Silver');
  await seller.getByRole('button', { name: 'Start Poll' }).click();
  await expect(seller.getByText('Poll Created', { exact: true })).toBeVisible();

  await viewer.getByRole('tab', { name: 'Poll' }).click();
  await viewer.getByRole('button', { name: 'Vote for Gold' }).click();
  await expect(viewer.getByText('Your vote')).toBeVisible();
  await expect(viewer.getByText("You've already voted in this poll")).toBeVisible();
  await expect(viewer.getByText('100.0%').first()).toBeVisible();
  await expect(seller.getByText('100.0%').first()).toBeVisible();
  await seller.getByRole('button', { name: 'End Poll' }).click();
  await expect(viewer.getByText('Ended', { exact: true })).toBeVisible();

  // Quiz: two questions; the viewer answers the first right and lets the timer submit a wrong second.
  await seller.getByRole('tab', { name: 'Quiz' }).click();
  await seller.getByRole('button', { name: 'Create Quiz' }).click();
  await seller.getByLabel('Quiz title').fill('Know your jewellery');
  await seller.getByRole('button', { name: 'Add question' }).click();
  const questions = [
    { text: 'Kundan comes from which state?', options: ['Rajasthan', 'Kerala', 'Assam', 'Punjab'] },
    { text: 'Meenakari is the art of?', options: ['Enamelling', 'Weaving', 'Carving', 'Dyeing'] },
  ];
  for (const [q, question] of questions.entries()) {
    await seller.getByLabel(`Question ${q + 1} text`).fill(question.text);
    for (const [o, option] of question.options.entries()) await seller.getByLabel(`Question ${q + 1} option ${o + 1}`).fill(option);
  }
  await seller.getByRole('button', { name: 'Start Quiz' }).click();
  await expect(seller.getByText('Quiz Created', { exact: true })).toBeVisible();

  await viewer.getByRole('tab', { name: 'Quiz' }).click();
  await expect(viewer.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
  await viewer.getByRole('radio', { name: 'Rajasthan' }).check();
  await viewer.getByRole('button', { name: 'Submit Answer' }).click();
  await viewer.getByRole('radio', { name: 'Weaving' }).check();
  // No click: at 0 the chosen answer is submitted by itself.
  await expect(viewer.getByText('Quiz Completed!', { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(viewer.getByRole('heading', { name: 'Your results' })).toBeVisible();
  await expect(viewer.getByText('Correct', { exact: true })).toBeVisible();
  await expect(viewer.getByText('Incorrect', { exact: true })).toBeVisible();
  await seller.getByRole('button', { name: 'End Quiz' }).click();
  await expect(viewer.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();

  // Gifts: the viewer's 1,000 coins pay for a star; the seller sees the animation and the earnings.
  await seller.getByRole('tab', { name: 'Gifts' }).click();
  const earningsBefore = Number((await seller.getByText(/Gift earnings: [\d,]+ coins/).textContent())!.replace(/\D/g, ''));
  await viewer.getByRole('tab', { name: 'Gifts' }).click();
  await expect(viewer.getByText('1,000 coins').first()).toBeVisible();
  // The animation lasts 3 s; on a slow machine a poll can miss that window, so the page records it.
  await seller.evaluate(() => {
    const seen = window as unknown as { giftOverlaySeen?: boolean };
    seen.giftOverlaySeen = false;
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="gift-overlay"]')) seen.giftOverlaySeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await viewer.getByRole('button', { name: 'Send Star for 5 coins' }).click();
  await expect.poll(() => seller.evaluate(() => (window as unknown as { giftOverlaySeen?: boolean }).giftOverlaySeen)).toBe(true);
  await expect(viewer.getByText('995 coins').first()).toBeVisible();
  await expect(seller.getByText(`Gift earnings: ${(earningsBefore + 5).toLocaleString('en-IN')} coins`)).toBeVisible();
  await expect(seller.getByTestId('gift-overlay')).toBeHidden({ timeout: 5000 });

  await sellerContext.close();
  await viewerContext.close();
});
