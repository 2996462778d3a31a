import { describe, expect, it, vi } from 'vitest';
import { installShutdown } from './shutdown.js';

/** Installs the handlers with a recording exit; returns the SIGTERM handler and the exit codes. */
function setup(close: () => Promise<void>, timeoutMs = 50) {
  const exits: number[] = [];
  const handlers = new Map<string, (s: NodeJS.Signals) => void>();
  installShutdown({ close, timeoutMs, log: () => undefined, exit: (c) => exits.push(c), on: (s, h) => handlers.set(s, h) });
  return { term: () => handlers.get('SIGTERM')!('SIGTERM'), int: () => handlers.get('SIGINT')!('SIGINT'), exits };
}

describe('installShutdown', () => {
  it('exits 0 once closing finished', async () => {
    const close = vi.fn(async () => undefined);
    const { term, exits } = setup(close);
    term();
    await vi.waitFor(() => expect(exits).toEqual([0]));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('stops the process when closing hangs (a request or the database waiting for ever)', async () => {
    const { term, exits } = setup(() => new Promise(() => undefined), 50);
    term();
    expect(exits).toEqual([]);
    await vi.waitFor(() => expect(exits).toEqual([1]));
  });

  it('stops at once on a second signal, and exits 1 when closing fails', async () => {
    const hanging = setup(() => new Promise(() => undefined), 10_000);
    hanging.term();
    hanging.int();
    expect(hanging.exits).toEqual([1]);
    const failing = setup(async () => {
      throw new Error('database gone');
    });
    failing.term();
    await vi.waitFor(() => expect(failing.exits).toEqual([1]));
  });
});
