import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT, replayEarlyTaps } from './early-taps';

afterEach(() => {
  document.body.innerHTML = '';
  replayEarlyTaps();
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

function serverPage() {
  document.body.innerHTML = '<button id="buy"><span>Quick Buy</span></button><button id="feature">Feature</button><a id="link" href="#x">Home</a>';
  // As the page's inline script does before anything shows.
  new Function(EARLY_TAPS_SCRIPT)();
  const taps: string[] = [];
  // Stands in for React's handlers, which exist only once the page is hydrated.
  document.body.addEventListener('click', (event) => taps.push((event.target as HTMLElement).closest('[id]')!.id));
  return taps;
}

describe('taps before the app has started', () => {
  it('are held, then made again in order once the app runs', async () => {
    const taps = serverPage();
    document.querySelector<HTMLElement>('#buy span')!.click();
    document.querySelector<HTMLElement>('#feature')!.click();
    expect(taps).toEqual([]);
    replayEarlyTaps();
    await nextTask();
    expect(taps).toEqual(['buy', 'feature']);
    // Afterwards taps go straight through, once each.
    document.querySelector<HTMLElement>('#buy')!.click();
    expect(taps).toEqual(['buy', 'feature', 'buy']);
  });

  it('leave links alone and drop a button that is disabled or gone by then', async () => {
    const taps = serverPage();
    document.querySelector<HTMLElement>('#link')!.click();
    expect(taps).toEqual(['link']);
    document.querySelector<HTMLElement>('#buy')!.click();
    document.querySelector<HTMLElement>('#feature')!.click();
    document.querySelector<HTMLButtonElement>('#feature')!.disabled = true;
    document.querySelector('#buy')!.remove();
    replayEarlyTaps();
    await nextTask();
    expect(taps).toEqual(['link']);
  });
});
