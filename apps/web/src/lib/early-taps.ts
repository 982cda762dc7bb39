// A server-rendered page (decision 020) is on screen before the app's script has taken it over. On a
// slow phone that gap lasts a second or more, and a tap on a button in it would do nothing (or submit
// a form natively). The server puts this script, inline with the page's nonce, in the page's <head>:
// it holds such taps, and the app replays them once hydrated. Links are left alone: they work without
// script. A button still disabled once the app runs (Feature before the live connection) ignores it.
const GLOBAL = '__liveMarketEarlyTaps';

export const EARLY_TAPS_SCRIPT = `(function(){var held=[];function hold(e){var t=e.target&&e.target.closest&&e.target.closest('button,[role="tab"]');if(!t)return;e.preventDefault();e.stopPropagation();if(held.indexOf(t)<0)held.push(t);}document.addEventListener('click',hold,true);window.${GLOBAL}=function(){document.removeEventListener('click',hold,true);return held;};})();`;

/** Called once the app has hydrated the page: taps made before it are made again, in order. */
export function replayEarlyTaps(): void {
  const release = (window as unknown as Record<string, (() => HTMLElement[]) | undefined>)[GLOBAL];
  if (!release) return;
  delete (window as unknown as Record<string, unknown>)[GLOBAL];
  const held = release();
  // Out of React's commit (an effect calls this), so each tap is handled as a fresh event.
  if (held.length > 0) setTimeout(() => held.forEach((target) => target.isConnected && target.click()));
}
