/**
 * `text` with `replacement` in place of the first match of `search` (every match of a global pattern),
 * inserted as it is. A replacement *string* would read `` $` ``, `$'`, `$&`, `$1` and `$$` in user or
 * translated text as patterns and copy parts of the page into itself (issue 25); a function's result
 * is never read that way. Server page code inserts through this only (eslint.config.js enforces it).
 */
export function replaceLiterally(text: string, search: string | RegExp, replacement: string): string {
  return text.replace(search, () => replacement);
}
