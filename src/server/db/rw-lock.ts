type Waiter = { exclusive: boolean; grant: () => void; timer?: NodeJS.Timeout };

/** Raised when a hold on the embedded database's connection was not granted in time. */
export class LockTimeoutError extends Error {
  /** SQLSTATE lock_not_available, as PostgreSQL reports a lock_timeout. */
  readonly code = '55P03';
  constructor(readonly waitedMs: number) {
    super(`database busy: no connection hold within ${waitedMs} ms`);
  }
}

/**
 * A readers–writer lock with writer preference, for the single PGlite connection: plain
 * statements share it (they are pipelined to the worker, which runs them one after another),
 * a transaction holds it alone from BEGIN to COMMIT/ROLLBACK so no other statement can slip
 * into it. Waiters are served in arrival order; a waiting writer stops new readers. A wait
 * longer than `timeoutMs` (0 = no limit) gives up with LockTimeoutError instead of hanging, so
 * a transaction that can never be served rolls back with a clear error.
 */
export class ReadWriteLock {
  private readers = 0;
  private writer = false;
  private queue: Waiter[] = [];

  constructor(private readonly timeoutMs = 0) {}

  /** Resolves once a shared hold is granted; rejects with LockTimeoutError after the time limit. */
  shared(): Promise<void> {
    if (!this.writer && !this.queue.length) {
      this.readers++;
      return Promise.resolve();
    }
    return this.wait(false);
  }

  /** Resolves once the exclusive hold is granted; rejects with LockTimeoutError after the time limit. */
  exclusive(): Promise<void> {
    if (!this.writer && this.readers === 0 && !this.queue.length) {
      this.writer = true;
      return Promise.resolve();
    }
    return this.wait(true);
  }

  /** Current holders and waiters (metrics): readers holding, whether a writer holds, queued waiters. */
  stats(): { readers: number; writer: boolean; waiting: number } {
    return { readers: this.readers, writer: this.writer, waiting: this.queue.length };
  }

  releaseShared(): void {
    this.readers--;
    this.drain();
  }

  releaseExclusive(): void {
    this.writer = false;
    this.drain();
  }

  private wait(exclusive: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { exclusive, grant: resolve };
      if (this.timeoutMs > 0) {
        waiter.timer = setTimeout(() => {
          const at = this.queue.indexOf(waiter);
          if (at < 0) return;
          this.queue.splice(at, 1);
          reject(new LockTimeoutError(this.timeoutMs));
          // a writer that gave up may have been holding readers back
          this.drain();
        }, this.timeoutMs);
        waiter.timer.unref?.();
      }
      this.queue.push(waiter);
    });
  }

  private drain(): void {
    while (this.queue.length && !this.writer) {
      const next = this.queue[0];
      if (next.exclusive) {
        if (this.readers > 0) return;
        this.queue.shift();
        this.writer = true;
        if (next.timer) clearTimeout(next.timer);
        next.grant();
        return;
      }
      this.queue.shift();
      this.readers++;
      if (next.timer) clearTimeout(next.timer);
      next.grant();
    }
  }
}
