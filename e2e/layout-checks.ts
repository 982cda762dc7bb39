import type { Page } from '@playwright/test';

// What a phone screen cuts or covers: shared by the layout specs.

/**
 * What is cut or off the screen inside `root`: text an element clips (overflow hidden or an ellipsis,
 * sideways or by a line clamp) other than the product name, text outside its box or the screen, and
 * the root itself outside the screen.
 */
export async function cutTexts(page: Page, selector: string, product: string): Promise<string[]> {
  return page.locator(selector).first().evaluate((root, productName) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const label = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const rootBox = root.getBoundingClientRect();
    if (rootBox.left < -1 || rootBox.right > width + 1 || rootBox.top < -1 || rootBox.bottom > height + 1) problems.push(`"${label(root)}" is not all on the screen`);
    // Only the product's name may stop at an ellipsis or a line clamp (at two lines at the least).
    const onlyName = (el: Element) => (el.textContent ?? '').trim() === productName;
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))] as HTMLElement[]) {
      // Text only for screen readers is clipped to a pixel on purpose.
      if (!el.textContent?.trim() || el.getClientRects().length === 0 || el.closest('.sr-only')) continue;
      const style = getComputedStyle(el);
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible' || style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
      if (!clips) continue;
      const cutSideways = el.scrollWidth > el.clientWidth + 1;
      const cutBelow = el.scrollHeight > el.clientHeight + 1;
      if (!cutSideways && !cutBelow) continue;
      if (onlyName(el)) {
        const lines = Math.round(el.clientHeight / parseFloat(style.lineHeight || '16'));
        if (cutBelow && lines < 2 && style.webkitLineClamp !== 'none') problems.push(`the product name is clamped to ${lines} line`);
        continue;
      }
      problems.push(`"${label(el)}" (${el.tagName.toLowerCase()}) is cut off`);
    }
    // Every piece of text lies inside the screen and inside each box around it that clips.
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const owner = node.parentElement!;
      if (owner.closest('.sr-only')) continue;
      if (onlyName(owner)) continue;
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width === 0) continue;
        if (rect.left < -1 || rect.right > width + 1) problems.push(`"${node.textContent.trim().slice(0, 40)}" runs off the screen`);
        for (let up: HTMLElement | null = owner; up && up !== root.parentElement; up = up.parentElement) {
          const s = getComputedStyle(up);
          if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
          const box = up.getBoundingClientRect();
          if (rect.right > box.right + 1 || rect.left < box.left - 1 || rect.bottom > box.bottom + 1 || rect.top < box.top - 1) {
            problems.push(`"${node.textContent.trim().slice(0, 40)}" sticks out of its ${up.tagName.toLowerCase()}`);
            break;
          }
        }
      }
    }
    return [...new Set(problems)];
  }, product);
}

/** How the banners over the video leave it: the video's centre and top strip free, at most half its area covered. */
export async function videoCover(page: Page): Promise<{ centreFree: boolean; topFree: boolean; covered: number }> {
  return page.evaluate(() => {
    const video = document.querySelector<HTMLElement>('[data-testid="stream-video"]') ?? document.querySelector<HTMLElement>('video')!.parentElement!;
    const v = video.getBoundingClientRect();
    const banners = Array.from(document.querySelectorAll<HTMLElement>('[data-testid="deal-banner"], [data-testid="auction-card"]')).map((b) => b.getBoundingClientRect());
    const inside = (x: number, y: number) => banners.some((b) => x >= b.left && x <= b.right && y >= b.top && y <= b.bottom);
    let hits = 0;
    let all = 0;
    for (let x = v.left + 2; x < v.right; x += 4)
      for (let y = v.top + 2; y < v.bottom; y += 4) {
        all += 1;
        if (inside(x, y)) hits += 1;
      }
    const cx = v.left + v.width / 2;
    return {
      centreFree: !inside(cx, v.top + v.height / 2),
      topFree: !inside(cx, v.top + v.height * 0.3),
      covered: all ? hits / all : 0,
    };
  });
}
