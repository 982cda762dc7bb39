/**
 * The look the flash deal banner, the auction card and the winner's banner share (issue 25): compact
 * cards a phone stacks under the video, each a header line (the clock and the product) over its body.
 */
export const BANNER = 'pointer-events-auto flex flex-col gap-0.5 rounded-xl bg-white/95 py-1 pr-1.5 pl-2 text-foreground shadow-md ring-1 ring-black/10 backdrop-blur-sm';
