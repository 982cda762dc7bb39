/**
 * Runs `start` in a task of its own, after the current one (an effect's). Opening a connection from
 * an effect adds its cost to the task that mounts the page — hydration's effects all run in one task
 * — so the page stays deaf to a tap for longer than either part alone (decision 020). Returns a
 * cleanup for the effect: it cancels a start not yet made, or calls the cleanup `start` returned.
 */
export function inNextTask(start: () => (() => void) | void): () => void {
  let stop: (() => void) | void;
  const timer = setTimeout(() => {
    stop = start();
  }, 0);
  return () => {
    clearTimeout(timer);
    stop?.();
  };
}
