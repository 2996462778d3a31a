/**
 * Installs the process's stop handlers: on SIGTERM or SIGINT `close()` runs (stop listening,
 * finish requests, close the database) and the process exits 0; if closing fails or takes
 * longer than `timeoutMs`, or a second signal arrives, the process exits 1 at once — so a
 * signal always stops the process, whatever a request or the database is waiting for.
 * `exit` and `on` are injectable for tests; returns the handler (for tests to call directly).
 */
export function installShutdown(opts: {
  close: () => Promise<void>;
  timeoutMs: number;
  log: (msg: string) => void;
  exit?: (code: number) => void;
  on?: (signal: NodeJS.Signals, handler: (signal: NodeJS.Signals) => void) => void;
}): (signal: NodeJS.Signals) => void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const on = opts.on ?? ((signal, handler) => process.on(signal, handler));
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) {
      opts.log(`${signal} again: stopping now`);
      exit(1);
      return;
    }
    closing = true;
    opts.log(`${signal}: shutting down`);
    const timer = setTimeout(() => {
      opts.log(`shutdown took longer than ${opts.timeoutMs} ms: stopping now`);
      exit(1);
    }, opts.timeoutMs);
    timer.unref?.();
    opts.close().then(
      () => {
        clearTimeout(timer);
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        opts.log(`shutdown failed: ${(err as Error)?.message ?? String(err)}`);
        exit(1);
      },
    );
  };
  on('SIGTERM', handler);
  on('SIGINT', handler);
  return handler;
}
