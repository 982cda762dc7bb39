/**
 * The list with the words typed in `entry` added: several at once separated by commas, each trimmed,
 * none twice (letter case aside), never more than `max` in all. The same list back when nothing is new.
 */
export function addKeywords(words: readonly string[], entry: string, max: number): string[] {
  const seen = new Set(words.map((word) => word.toLocaleLowerCase()));
  const added: string[] = [];
  for (const raw of entry.split(/[,،\n]/)) {
    const word = raw.trim().replace(/\s+/g, ' ');
    const key = word.toLocaleLowerCase();
    if (word === '' || seen.has(key) || words.length + added.length >= max) continue;
    seen.add(key);
    added.push(word);
  }
  return added.length === 0 ? (words as string[]) : [...words, ...added];
}
