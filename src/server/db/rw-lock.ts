type Waiter = { exclusive: boolean; grant: () => void };

/**
 * A readers–writer lock with writer preference, for the single PGlite connection: plain
 * statements share it (they are pipelined to the worker, which runs them one after another),
 * a transaction holds it alone from BEGIN to COMMIT/ROLLBACK so no other statement can slip
 * into it. Waiters are served in arrival order; a waiting writer stops new readers.
 */
export class ReadWriteLock {
  private readers = 0;
  private writer = false;
  private queue: Waiter[] = [];

  /** Resolves once a shared hold is granted. */
  shared(): Promise<void> {
    if (!this.writer && !this.queue.length) {
      this.readers++;
      return Promise.resolve();
    }
    return new Promise((grant) => this.queue.push({ exclusive: false, grant }));
  }

  /** Resolves once the exclusive hold is granted. */
  exclusive(): Promise<void> {
    if (!this.writer && this.readers === 0 && !this.queue.length) {
      this.writer = true;
      return Promise.resolve();
    }
    return new Promise((grant) => this.queue.push({ exclusive: true, grant }));
  }

  releaseShared(): void {
    this.readers--;
    this.drain();
  }

  releaseExclusive(): void {
    this.writer = false;
    this.drain();
  }

  private drain(): void {
    while (this.queue.length && !this.writer) {
      const next = this.queue[0];
      if (next.exclusive) {
        if (this.readers > 0) return;
        this.queue.shift();
        this.writer = true;
        next.grant();
        return;
      }
      this.queue.shift();
      this.readers++;
      next.grant();
    }
  }
}
