/**
 * A value that arrives later, awaited by whoever needs it first: `set` stores it (a later `set`
 * replaces it) and releases every `get` waiting; `get` resolves at once once a value is set.
 * A form modal keeps its form's body collector here, so 确定 pressed while the form is still
 * mounting (its content is deferred by a frame, longer on a busy machine) waits for the form and
 * validates it instead of doing nothing. Headless.
 */
export interface ReadyValue<T> {
  set(value: T): void;
  get(): Promise<T>;
  /** The value set so far, if any. */
  readonly current: T | undefined;
}

/** A new, empty ready value. */
export function readyValue<T>(): ReadyValue<T> {
  let value: { v: T } | undefined;
  let waiting: ((v: T) => void)[] = [];
  return {
    set(v: T) {
      value = { v };
      const release = waiting;
      waiting = [];
      for (const w of release) w(v);
    },
    get() {
      return value ? Promise.resolve(value.v) : new Promise<T>((resolve) => waiting.push(resolve));
    },
    get current() {
      return value?.v;
    },
  };
}
