// Small helpers shared by the seed files.

/** Looks rows up by a natural key (e-mail, store name, product name...) and fails loudly on a typo. */
export function lookup<T>(rows: readonly T[], keyOf: (row: T) => string | null): (key: string) => T {
  const map = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== null) map.set(key, row);
  }
  return (key) => {
    const row = map.get(key);
    if (row === undefined) throw new Error(`seed: no row for "${key}"`);
    return row;
  };
}

/** '2499.00' -> 249900. Money is summed in paise so totals are exact. */
export function toPaise(rupees: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(rupees);
  if (!match) throw new Error(`seed: not a rupee amount: ${rupees}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** 249900 -> '2499.00' */
export function fromPaise(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}
