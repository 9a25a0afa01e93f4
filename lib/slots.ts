import 'server-only';

/**
 * A counting semaphore for both roles: at most `size` pieces of work at once in this process (photo renders
 * on two cores, inquiries in flight upstream); the rest wait their turn, first come first served.
 */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {
    this.free = size;
  }

  /** Resolves true once a slot is held, or false after `timeoutMs` without one. */
  take(timeoutMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const granted = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = Number.isFinite(timeoutMs)
        ? setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(granted), 1);
            resolve(false);
          }, timeoutMs)
        : undefined;
      this.waiting.push(granted);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }

  /** Runs `work` in a slot, waiting as long as it takes for one. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.take();
    try {
      return await work();
    } finally {
      this.release();
    }
  }
}
