/**
 * The client's own request budget: every visitor shares one key, so the site counts what it sends and
 * stays under the upstream's per-minute and per-hour limits instead of discovering them. Sliding windows
 * over this process's send times; a 429 from the upstream pauses all sending for its Retry-After.
 */
export class RequestBudget {
  private readonly sent: number[] = [];
  private pausedUntil = 0;

  constructor(
    private readonly perMinute: number,
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a request and returns 0, or returns the milliseconds until one may be sent (counting nothing). */
  take(): number {
    const t = this.now();
    if (t < this.pausedUntil) return this.pausedUntil - t;
    while (this.sent.length && this.sent[0]! <= t - 3_600_000) this.sent.shift();
    if (this.sent.length >= this.perHour) return this.sent[0]! + 3_600_000 - t;
    const inMinute = this.sent.length - this.firstAfter(t - 60_000);
    if (inMinute >= this.perMinute) return this.sent[this.sent.length - this.perMinute]! + 60_000 - t;
    this.sent.push(t);
    return 0;
  }

  /** After the upstream answered 429: send nothing until it said to. */
  pauseFor(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  private firstAfter(time: number): number {
    let lo = 0;
    let hi = this.sent.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sent[mid]! > time) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
