/** Lets at most `limit` tasks run at once; the others wait their turn in arrival order. */
export class ConcurrencyGate {
  readonly #limit: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, so the running count never dips in between.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
