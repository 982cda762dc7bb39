import { describe, expect, it } from 'vitest';
import { createFanout } from './fanout.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));
const room = (size: number) => new Set(Array.from({ length: size }, (_, i) => i));

describe('createFanout', () => {
  it('writes a room of up to a slice at once', () => {
    const fanout = createFanout<number>(4);
    const got: number[] = [];
    let done = false;
    fanout.send('a', room(4), (client) => got.push(client), () => (done = true));
    expect(got).toEqual([0, 1, 2, 3]);
    expect(done).toBe(true);
    expect(fanout.pending()).toBe(0);
  });

  it('writes a bigger room a slice a turn, letting other work in between, and says when it is done', async () => {
    const fanout = createFanout<number>(4);
    const log: string[] = [];
    fanout.send('a', room(10), (client) => log.push(`w${client}`), () => log.push('done'));
    setImmediate(() => log.push('other work'));
    expect(log).toEqual(['w0', 'w1', 'w2', 'w3']);
    expect(fanout.pending()).toBe(1);
    await turn();
    await turn();
    await turn();
    expect(log).toEqual(['w0', 'w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7', 'other work', 'w8', 'w9', 'done']);
    expect(fanout.pending()).toBe(0);
  });

  it("keeps a room's frames in order, even a small one sent behind a big one, and leaves other rooms alone", async () => {
    const fanout = createFanout<number>(4);
    const seen = new Map<number, string[]>();
    const write = (frame: string) => (client: number) => seen.set(client, [...(seen.get(client) ?? []), frame]);
    const members = room(9);
    fanout.send('a', members, write('first'));
    members.delete(8); // left after the first frame was sent: still gets it, not the next
    fanout.send('a', new Set([0, 1]), write('second'));
    fanout.send('a', members, write('third'));
    const other: number[] = [];
    fanout.send('b', room(2), (client) => other.push(client));
    expect(other).toEqual([0, 1]);
    for (let i = 0; i < 6 && fanout.pending() > 0; i++) await turn();
    expect(fanout.pending()).toBe(0);
    expect(seen.get(0)).toEqual(['first', 'second', 'third']);
    expect(seen.get(1)).toEqual(['first', 'second', 'third']);
    expect(seen.get(5)).toEqual(['first', 'third']);
    expect(seen.get(8)).toEqual(['first']);
  });

  it('goes on past a socket that throws in a small room, and past a done that throws', async () => {
    const fanout = createFanout<number>(4);
    const got: number[] = [];
    fanout.send('a', room(3), (client) => {
      if (client === 0) throw new Error('torn down');
      got.push(client);
    });
    expect(got).toEqual([1, 2]);
    fanout.send('b', room(6), (client) => got.push(client + 10), () => {
      throw new TypeError('a metric refused its value');
    });
    for (let i = 0; i < 3 && fanout.pending() > 0; i++) await turn();
    expect(fanout.pending()).toBe(0);
    fanout.send('b', room(6), (client) => got.push(client + 20));
    for (let i = 0; i < 3 && fanout.pending() > 0; i++) await turn();
    expect(got.filter((n) => n >= 20)).toEqual([20, 21, 22, 23, 24, 25]);
  });

  it('goes on past a socket that throws in a big room', async () => {
    const fanout = createFanout<number>(2);
    const got: number[] = [];
    let done = false;
    fanout.send(
      'a',
      room(5),
      (client) => {
        if (client === 1) throw new Error('torn down');
        got.push(client);
      },
      () => (done = true),
    );
    for (let i = 0; i < 4 && !done; i++) await turn();
    expect(got).toEqual([0, 2, 3, 4]);
    expect(done).toBe(true);
    fanout.send('a', room(1), (client) => got.push(client + 100));
    expect(got).toContain(100);
  });
});
