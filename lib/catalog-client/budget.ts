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
 * Shares of each window (docs/decisions.md#a-fair-share-of-the-upstream-budget):
 * - background work (the replica's load) may fill it only up to `backgroundShare`, so visitors always find
 *   room: a first load of thousands of calls never makes a page wait;
 * - reads (pages, areas, searches) only up to `1 - reserve`: the last `reserve` is kept for live work, what
 *   a traveller is doing right now (the quote of the page they are on, their inquiry), which crawlers and
 *   attackers reading pages cannot reach;
 * - a visitor's reads, at most `visitor` of each window, and their live work half as much again: one
 *   visitor, however fast, cannot spend what belongs to everyone. Calls made outside any visitor's request
 *   (the sync, the lead worker, the replica) answer to the shares above only.
 * Cached and replica answers never reach the budget, so they are free.
 */
export type Sending = 'read' | 'live' | 'inquiry' | 'background';

export interface FairShares {
  /** Share of each window reads may never use: kept for live work. */
  reserve: number;
  /** Share of each window one visitor's reads may use (their live work: half of it, on top). */
  visitor: number;
}

export interface Refusal {
  /** Milliseconds until the call would be allowed. */
  waitMs: number;
  /** `visitor`: this visitor has used their share; `site`: the site's budget (or a 429's pause). */
  scope: 'site' | 'visitor';
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Send times of one visitor's calls in the last hour, by kind. */
interface Spent {
  reads: number[];
  live: number[];
}

export class RequestBudget {
  private readonly sent: number[] = [];
  private readonly visitors = new Map<string, Spent>();
  private pausedUntil = 0;
  private inquiriesPausedUntil = 0;
  private charges = 0;

  constructor(
    private readonly perMinute: number,
    private readonly perHour: number,
    private readonly now: () => number = Date.now,
    private readonly backgroundShare = 0.75,
    /** Without it, no reserve and no visitor share: the budget of one site-wide pool. */
    private readonly fair: FairShares = { reserve: 0, visitor: 1 },
  ) {}

  /** Counts a request and returns 0, or returns the milliseconds until one may be sent (counting nothing). */
  take(what: Sending = 'read', visitor: string | null = null): number {
    return this.charge(what, visitor)?.waitMs ?? 0;
  }

  /**
   * Counts a call caused by `visitor` (null: nobody's, the site's own work) and returns null, or says why
   * it may not be sent yet, counting nothing.
   */
  charge(what: Sending = 'read', visitor: string | null = null): Refusal | null {
    const t = this.now();
    const until =
      what === 'inquiry' ? Math.max(this.pausedUntil, this.inquiriesPausedUntil) : this.pausedUntil;
    if (t < until) return { waitMs: until - t, scope: 'site' };
    while (this.sent.length && this.sent[0]! <= t - HOUR) this.sent.shift();
    if (++this.charges % 1000 === 0) this.forgetQuiet(t);
    const spent = visitor === null ? null : this.spentBy(visitor, t);
    // Live work past the visitor's own allowance for it is a read like any other.
    const live = what === 'live' || what === 'inquiry';
    const asLive = live && (spent === null || this.waitIn(spent.live, this.fair.visitor / 2, t) === 0);
    if (spent && !asLive) {
      const wait = this.waitIn(spent.reads, this.fair.visitor, t);
      if (wait > 0) return { waitMs: wait, scope: 'visitor' };
    }
    const wait = this.waitIn(this.sent, this.siteShare(what, asLive), t);
    if (wait > 0) return { waitMs: wait, scope: 'site' };
    this.sent.push(t);
    if (spent) (asLive ? spent.live : spent.reads).push(t);
    return null;
  }

  /** After the upstream answered 429 to `what`: send nothing it limits until it said to. */
  pauseFor(ms: number, what: Sending = 'read'): void {
    if (what === 'inquiry') this.inquiriesPausedUntil = Math.max(this.inquiriesPausedUntil, this.now() + ms);
    else this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  /** What this visitor has spent in the last hour (the upstream calls they caused). */
  spentBy(visitor: string, t = this.now()): Spent {
    let spent = this.visitors.get(visitor);
    if (!spent) {
      spent = { reads: [], live: [] };
      this.visitors.set(visitor, spent);
    }
    for (const list of [spent.reads, spent.live]) while (list.length && list[0]! <= t - HOUR) list.shift();
    return spent;
  }

  /** How much of each site-wide window a call of this kind may fill. */
  private siteShare(what: Sending, live: boolean): number {
    if (live) return 1;
    const reads = 1 - this.fair.reserve;
    return what === 'background' ? Math.min(this.backgroundShare, reads) : reads;
  }

  /** 0 when one more send fits `share` of both windows of `times`, else the milliseconds until it would. */
  private waitIn(times: number[], share: number, t: number): number {
    const perHour = Math.max(1, Math.floor(this.perHour * share));
    const perMinute = Math.max(1, Math.floor(this.perMinute * share));
    const inHour = times.length - this.firstAfter(times, t - HOUR);
    if (inHour >= perHour) return times[times.length - perHour]! + HOUR - t;
    const inMinute = times.length - this.firstAfter(times, t - MINUTE);
    if (inMinute >= perMinute) return times[times.length - perMinute]! + MINUTE - t;
    return 0;
  }

  /** Visitors with nothing spent in the last hour are forgotten: the table holds at most an hour's calls. */
  private forgetQuiet(t: number): void {
    for (const [visitor, spent] of this.visitors) {
      const last = Math.max(spent.reads.at(-1) ?? 0, spent.live.at(-1) ?? 0);
      if (last <= t - HOUR) this.visitors.delete(visitor);
    }
  }

  private firstAfter(times: number[], time: number): number {
    let lo = 0;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (times[mid]! > time) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
