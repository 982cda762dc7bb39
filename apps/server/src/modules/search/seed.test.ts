import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchResults } from '@live-market/contract';
import { seed } from '../../db/seed/index.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';

// What a person trying the demo would type: the seed writes its names' keys, so these work at once.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seed(t.database.db);
});
afterAll(() => t.close());

async function names(q: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return SearchResults.parse(res.json()).products.map((p) => p.name);
}

describe('search over the demo data', () => {
  it('finds the demo products named in Indian scripts from Latin letters, and Latin names from scripts', async () => {
    expect(await names('jhumka')).toEqual(expect.arrayContaining(['Meenakari Jhumka Earrings', 'झुमका जोड़ी, ऑक्सीडाइज़्ड चांदी']));
    expect(await names('saree')).toEqual(expect.arrayContaining(['காஞ்சிபுரம் பட்டு புடவை', 'Banarasi Katan Silk Saree']));
    expect(await names('साड़ी')).toContain('Organza Banarasi Saree, Rani Pink');
    expect(await names('dupatta')).toContain('ਫੁਲਕਾਰੀ ਦੁਪੱਟਾ');
    expect(await names('क्रिकेट बैट')).toContain('English Willow Cricket Bat');
  });
});
