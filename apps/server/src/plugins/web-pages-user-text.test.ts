import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSR_STATE_ID } from '@live-market/contract';
import { buildTestApp, type TestApp } from '../testing/test-app.js';
import { makeSeller, makeUser, type TestSeller, type TestUser } from '../testing/fixtures.js';
import { chatMessages } from '../modules/streams/index.js';
import { sellers } from '../modules/sellers/index.js';
import { replaceLiterally } from '../pages/replace-literally.js';

// Issue 25: `$` in user text must reach the page as it is. A replacement *string* reads `` $` ``,
// `$'`, `$&`, `$1` and `$$` as patterns (the text before or after the match, the match itself...).
const TRICKY = "Sale $` now, $' then $& and $1 for $$5 <b>&";

// The app shell as the web build makes it: a module entry (so the page's loader goes in) and a description.
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Default description" />
    <title>LiveMarket</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// A stand-in for apps/web's entry-server that asks the same API paths and puts what they say in the
// HTML (escaped as React does) and in the page state, as the real one does with titles and chat lines.
const RENDERER = `
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
const texts = (value) => value && typeof value === 'object'
  ? Object.entries(value).flatMap(([key, v]) => (['title', 'message', 'storeName'].includes(key) && typeof v === 'string' ? [v] : texts(v)))
  : [];
export async function render(url, fetchApi, language) {
  const id = /^\\/stream\\/([^/?]+)/.exec(url)?.[1];
  const keys = id ? [['/api/streams', id], ['/api/streams', id, 'messages']] : [['/api/streams/live']];
  const queries = [];
  for (const queryKey of keys) {
    const answer = await fetchApi(queryKey.join('/'));
    if (answer.status === 200) queries.push({ queryKey, state: { data: answer.body } });
  }
  return { html: texts(queries).map((text) => '<p>' + escape(text) + '</p>').join(''), state: { queries: { queries }, language }, headScript: 'window.early = true;' };
}`;

let t: TestApp;
let seller: TestSeller;
let shopper: TestUser;
let streamId: string;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-'));
  const webServerDist = mkdtempSync(path.join(os.tmpdir(), 'lm-web-server-'));
  writeFileSync(path.join(webDist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(webServerDist, 'entry-server.js'), RENDERER);
  t = await buildTestApp({}, null, { webDist, webServerDist });
  seller = await makeSeller(t.app, t.database.db);
  await t.database.db.update(sellers).set({ storeName: `Store ${TRICKY}` }).where(eq(sellers.id, seller.sellerId));
  shopper = await makeUser(t.app, 'Rahul');
  const res = await t.app.inject({ method: 'POST', url: '/api/streams', headers: { cookie: seller.cookie }, payload: { title: TRICKY, description: `About ${TRICKY}` } });
  expect(res.statusCode).toBe(201);
  streamId = res.json().id;
  await t.database.db.insert(chatMessages).values({ streamId, userId: shopper.id, message: `Chat ${TRICKY}` });
});
afterAll(() => t.close());

const page = (url: string, cookie = '') => t.app.inject({ method: 'GET', url, headers: { cookie } });
const count = (html: string, part: string) => html.split(part).length - 1;
// As the stand-in (and React) escapes text in the page's HTML.
const asReact = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The document once, its state script whole (parsed back), its head script once. */
function wholePage(html: string) {
  expect(count(html, '<html')).toBe(1);
  expect(count(html, '</html>')).toBe(1);
  expect(count(html, '</head>')).toBe(1);
  expect(count(html, '<div id="root">')).toBe(1);
  expect(count(html, 'window.early = true;')).toBe(1);
  expect(html.trimEnd().endsWith('</html>')).toBe(true);
  const scripts = [...html.matchAll(new RegExp(`<script type="application/json" id="${SSR_STATE_ID}">(.*?)</script>`, 'g'))];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as { queries: { queries: Array<{ queryKey: string[]; state: { data: unknown } }> } };
}
const dataOf = (state: ReturnType<typeof wholePage>, key: string[]) => state.queries.queries.find((q) => q.queryKey.join('/') === key.join('/'))?.state.data;

describe('user text with $ patterns in server-rendered pages', () => {
  it('renders a stream page once, with the title, store and description literally in its <title> and link-preview tags', async () => {
    for (const cookie of ['', shopper.cookie]) {
      const res = await page(`/stream/${streamId}`, cookie);
      expect(res.statusCode).toBe(200);
      wholePage(res.body);
      expect(count(res.body, '<title>')).toBe(1);
      expect(res.body).toContain(`<title>${escaped(`${TRICKY} · Store ${TRICKY} | LiveMarket`)}</title>`);
      expect(res.body).toContain(`<meta property="og:title" content="${escaped(`${TRICKY} · Store ${TRICKY}`)}" />`);
      expect(res.body).toContain(`<meta name="description" content="${escaped(`About ${TRICKY}`)}" />`);
      expect(count(res.body, '<meta property="og:title"')).toBe(1);
      expect(res.body).not.toContain('Default description');
    }
  });

  it('keeps the stream’s title and its chat lines exact in a stream page’s HTML and state', async () => {
    const res = await page(`/stream/${streamId}`, shopper.cookie);
    const state = wholePage(res.body);
    expect((dataOf(state, ['/api/streams', streamId]) as { title: string }).title).toBe(TRICKY);
    expect((dataOf(state, ['/api/streams', streamId, 'messages']) as Array<{ message: string }>).map((m) => m.message)).toEqual([`Chat ${TRICKY}`]);
    const root = res.body.slice(res.body.indexOf('<div id="root">'), res.body.indexOf(`<script type="application/json"`));
    expect(root).toContain(`<p>${asReact(TRICKY)}</p>`);
    expect(root).toContain(`<p>Chat ${asReact(TRICKY)}</p>`);
  });

  it('renders Home once, signed out and signed in, with the live show’s title exact', async () => {
    for (const cookie of ['', shopper.cookie]) {
      const res = await page('/', cookie);
      expect(res.statusCode).toBe(200);
      const state = wholePage(res.body);
      expect(JSON.stringify(dataOf(state, ['/api/streams/live']))).toContain(JSON.stringify(TRICKY));
      expect(res.body).toContain(`<p>${asReact(TRICKY)}</p>`);
      expect(res.body).toContain('<title>LiveMarket</title>');
    }
  });
});

describe('replaceLiterally', () => {
  it('inserts the replacement as it is, whatever $ patterns it holds', () => {
    expect(replaceLiterally('<a>X</a>', 'X', TRICKY)).toBe(`<a>${TRICKY}</a>`);
    expect(replaceLiterally('<a>X</a>', /X/, "$'$`$&")).toBe("<a>$'$`$&</a>");
    expect(replaceLiterally('X X', 'X', 'Y')).toBe('Y X');
  });
});
