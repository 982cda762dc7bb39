import type { Db, Tx } from './types.js';

type Effect = () => Promise<void> | void;
const pending = new WeakMap<object, Effect[]>();

/**
 * Work that must only happen once a transaction's changes are visible (a broadcast that readers act
 * on, a push to a phone, queueing a timer): registered inside the transaction, run after it commits,
 * dropped when it rolls back. Failures are reported to `onError` and never undo the commit.
 */
export function afterCommit(tx: Tx, effect: Effect): void {
  const list = pending.get(tx);
  if (!list) throw new Error('afterCommit needs a transaction opened by db.transaction()');
  list.push(effect);
}

/** Makes db.transaction() run what afterCommit() registered, in order, once it has committed. */
export function withAfterCommit(db: Db, onError: (err: unknown) => void = (err) => console.error('after-commit work failed', err)): Db {
  const open = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (work, config) => {
    let effects: Effect[] = [];
    const result = await open(async (tx) => {
      effects = [];
      pending.set(tx, effects);
      return work(tx);
    }, config);
    for (const effect of effects) {
      try {
        await effect();
      } catch (err) {
        onError(err);
      }
    }
    return result;
  };
  (db as { transaction: Db['transaction'] }).transaction = transaction;
  return db;
}
