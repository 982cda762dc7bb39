import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@live-market/contract';
import { loginPageHtml } from './login-page.js';

describe('the sign-in page', () => {
  it('puts the place for the code’s destination into the code intro once, in every language', () => {
    for (const { code } of LANGUAGES) {
      const html = loginPageHtml({ language: code, showDevCodes: false, ttlMinutes: 10 });
      const intro = /<form id="verify"[^>]*>\s*<h1>[^<]*<\/h1>\s*<p class="sub">(.*?)<\/p>/s.exec(html)?.[1];
      expect(intro, code).toBeDefined();
      expect(intro!.split('<strong id="sent-to"></strong>'), code).toHaveLength(2);
      expect(intro, code).toMatch(/10/);
      expect(html, code).not.toContain('SENT_TO');
      expect(html.split('<html').length, code).toBe(2);
    }
  });
});
