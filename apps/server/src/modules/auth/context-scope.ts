import type { AsyncLocalStorage } from 'node:async_hooks';

/**
 * better-auth keeps its per-call context in three AsyncLocalStorage stores, on a global. On Node 20 an
 * enabled store keeps async hooks on for every promise, timer and socket write in the process, for the
 * life of the process: after one sign-in, a cached live-list request cost ~35 µs more, and every chat
 * line paid it too (issue 31, decision 057). The stores are needed only while better-auth runs, so
 * every call into it is counted here, and when the last one in flight settles they are disabled
 * (AsyncLocalStorage#disable). better-auth's next run() enables them again.
 *
 * better-auth awaits its own work before a call returns (runInBackgroundOrAwait awaits unless
 * advanced.backgroundTasks is set, which we do not), so nothing of it is left to need its store.
 */
const GLOBAL = Symbol.for('better-auth:global');
const STORES = ['requestStateAsyncStorage', 'endpointContextAsyncStorage', 'adapterAsyncStorage'] as const;

let inFlight = 0;

function storesOfBetterAuth(): AsyncLocalStorage<unknown>[] {
  const context = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[GLOBAL]?.context;
  if (!context) return [];
  return STORES.map((name) => context[name]).filter((s): s is AsyncLocalStorage<unknown> => typeof (s as AsyncLocalStorage<unknown> | undefined)?.disable === 'function');
}

/** How many calls into better-auth are running; for tests. */
export const authCallsInFlight = () => inFlight;

/** Whether any of better-auth's stores is enabled (keeping async hooks on); for tests. */
export const authStoresEnabled = () => storesOfBetterAuth().some((s) => (s as unknown as { enabled: boolean }).enabled);

export async function inAuthScope<T>(call: () => T | Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) for (const store of storesOfBetterAuth()) store.disable();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint signature
type AnyFunction = (...args: any[]) => unknown;
const scoped = <F extends AnyFunction>(fn: F): F =>
  new Proxy(fn, { apply: (target, thisArg, args) => inAuthScope(() => Reflect.apply(target, thisArg, args)) });

/**
 * The same auth object, with every `auth.api.*` endpoint and `auth.handler` counted by inAuthScope.
 * Proxies keep the endpoints' own properties (path, options) as they were.
 */
export function scopeAuthCalls<A extends { api: object; handler: AnyFunction }>(auth: A): A {
  const wrapped = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (!wrapped.has(key)) wrapped.set(key, scoped(value as AnyFunction));
      return wrapped.get(key);
    },
  });
  return Object.assign(Object.create(Object.getPrototypeOf(auth) as object) as A, auth, { api, handler: scoped(auth.handler) });
}
