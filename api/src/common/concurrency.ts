/**
 * At most `max` tasks at once; the others wait their turn, first come first served. For work that
 * runs on libuv's small thread pool (password hashing, picture decoding), so a flood queues instead
 * of taking every thread the rest of the server needs.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private max: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a turn. */
  get waiting(): number {
    return this.queue.length;
  }

  setMax(max: number): void {
    this.max = Math.max(1, max);
    while (this.running < this.max && this.queue.length) {
      this.running += 1;
      this.queue.shift()!();
    }
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((turn) => this.queue.push(turn));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      // The slot passes straight to the next waiter, so nobody overtakes the queue.
      if (next) next();
      else this.running -= 1;
    }
  }
}
