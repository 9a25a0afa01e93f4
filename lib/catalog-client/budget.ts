import 'server-only';

/**
 * The client's own request budget: every visitor shares one key, so the site counts what it sends and
 * stays under the upstream's per-minute and per-hour limits instead of discovering them. Sliding windows
 * over this process's send times.
 *
 * A 429 pauses what it limits, no more: the upstream keeps a separate, much smaller limit for inquiries,
 * so a 429 on an inquiry holds back inquiries only (the catalog stays readable), while a 429 on a read
 * holds back everything. Either pause only ever lengthens by the 429 that caused it.
 *
 * Background work (the replica's load) is a read that may only use `backgroundShare` of each window, so
 * visitors always find room: a first load of thousands of calls never makes a page wait.
 */
export type Sending = 'read' | 'inquiry' | 'background';

export class RequestBudget {
  private readonly sent: number[] = [];
  private pausedUntil = 0;
  private inquiriesPausedUntil = 0;

  constructor(
    private readonly perMinute: number,
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
    private readonly backgroundShare = 0.75,
  ) {}

  /** Counts a request and returns 0, or returns the milliseconds until one may be sent (counting nothing). */
  take(what: Sending = 'read'): number {
    const t = this.now();
    const until =
      what === 'inquiry' ? Math.max(this.pausedUntil, this.inquiriesPausedUntil) : this.pausedUntil;
    if (t < until) return until - t;
    while (this.sent.length && this.sent[0]! <= t - 3_600_000) this.sent.shift();
    const share = what === 'background' ? this.backgroundShare : 1;
    const perHour = Math.max(1, Math.floor(this.perHour * share));
    const perMinute = Math.max(1, Math.floor(this.perMinute * share));
    if (this.sent.length >= perHour) return this.sent[this.sent.length - perHour]! + 3_600_000 - t;
    const inMinute = this.sent.length - this.firstAfter(t - 60_000);
    if (inMinute >= perMinute) return this.sent[this.sent.length - perMinute]! + 60_000 - t;
    this.sent.push(t);
    return 0;
  }

  /** After the upstream answered 429 to `what`: send nothing it limits until it said to. */
  pauseFor(ms: number, what: Sending = 'read'): void {
    if (what === 'inquiry') this.inquiriesPausedUntil = Math.max(this.inquiriesPausedUntil, this.now() + ms);
    else this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
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
