/** A row of a message's action sheet: icon and label from the start, the full width, 48 px tall. */
export const ACTION_ROW =
  'flex min-h-12 w-full items-center gap-3 rounded-2xl px-4 py-2 text-left text-base leading-tight font-semibold transition active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-5 [&_svg]:shrink-0';
export const ACTION_ROW_OUTLINE = 'border border-input bg-card text-foreground hover:bg-muted';
