// temporary: not committed
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
const [url, cookie] = process.argv.slice(2);
const port = 9400;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [`--remote-debugging-port=${port}`, '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
await fetch(url, { headers: cookie ? { cookie } : {} });
const r = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: cookie ? { Cookie: cookie } : undefined });
const a = r.lhr.audits;
console.log('score', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue, 'LCP', a['largest-contentful-paint'].numericValue, 'TBT', a['total-blocking-time'].numericValue, 'SI', a['speed-index'].numericValue, 'CLS', a['cumulative-layout-shift'].numericValue);
for (const it of a['network-requests'].details.items) console.log(it.priority?.padEnd(9), String(it.transferSize).padStart(7), String(Math.round(it.networkRequestTime)).padStart(6), String(Math.round(it.networkEndTime)).padStart(6), it.resourceType, it.url.replace(/^https?:\/\/[^/]+/, ''));
console.log('render-blocking', JSON.stringify(a['render-blocking-resources'].details?.items?.map(i => [i.url, i.wastedMs])));
console.log('mainthread', JSON.stringify(a['mainthread-work-breakdown'].details.items.map(i => [i.group, Math.round(i.duration)])));
console.log('bootup', JSON.stringify(a['bootup-time'].details.items.map(i => [i.url.replace(/^https?:\/\/[^/]+/, ''), Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile)])));
console.log('longtasks', JSON.stringify(a['long-tasks']?.details?.items?.map(i => [i.url?.replace(/^https?:\/\/[^/]+/, ''), Math.round(i.startTime), Math.round(i.duration)])));
console.log('lcp-breakdown', JSON.stringify(a['lcp-breakdown-insight']?.details ?? a['largest-contentful-paint-element']?.details?.items?.[1]));
await browser.close();
