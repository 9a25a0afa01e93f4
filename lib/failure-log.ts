import 'server-only';
import type { Logger } from 'pino';
import { createLogger } from './logger';
import { processSingleton } from './process-singleton';

/*
 * One structured line per failure, and never a flood of them. A failure is logged whole (JSON, its request
 * id, a stack only when the failure was not expected) the first time its kind is seen in a minute; the
 * same kind again within that minute is only counted, and one line at the end of the minute says how many
 * there were, with a few of their request ids. Under an attack that makes every request fail the same way,
 * the log grows by two lines a minute per kind, not by a stack trace per request (the probe measured
 * 24 MB in four minutes before).
 *
 * A kind is what an operator would group by: where (a route template, never a raw URL) and what
 * (an error code, or an unexpected error's name). Kinds are capped, so made-up URLs cannot grow the table.
 *
 * scripts/serve.mjs logs its own refusals (malformed requests, Node's 400 and 431) through the same
 * object: it is one per process (`rental.failure-log`), made when the app starts (instrumentation.ts).
 */

const WINDOW_MS = 60_000;
const MAX_KINDS = 500;
const SAMPLE_IDS = 5;

export interface Failure {
  level: 'warn' | 'error';
  /** Where and what, e.g. `page /properties/:id budget_exhausted`: failures of one kind are summarised. */
  kind: string;
  message: string;
  requestId?: string;
  /** Anything else worth one line (status, upstream code, the error itself for an unexpected one). */
  fields?: Record<string, unknown>;
}

interface Seen {
  level: Failure['level'];
  message: string;
  since: number;
  more: number;
  requestIds: string[];
}

export class FailureLog {
  private readonly seen = new Map<string, Seen>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
    private readonly windowMs = WINDOW_MS,
  ) {
    this.timer = setInterval(() => this.flush(), windowMs);
    this.timer.unref();
  }

  note(failure: Failure): void {
    const kind = this.seen.has(failure.kind) || this.seen.size < MAX_KINDS ? failure.kind : 'other';
    const seen = this.seen.get(kind);
    const at = this.now();
    if (seen && at - seen.since < this.windowMs) {
      seen.more++;
      if (failure.requestId && seen.requestIds.length < SAMPLE_IDS) seen.requestIds.push(failure.requestId);
      return;
    }
    if (seen) this.summarise(kind, seen);
    this.seen.set(kind, {
      level: failure.level,
      message: failure.message,
      since: at,
      more: 0,
      requestIds: [],
    });
    this.logger[failure.level](
      { kind, ...(failure.requestId ? { requestId: failure.requestId } : {}), ...failure.fields },
      failure.message,
    );
  }

  /** Says how many of each kind were only counted since its first line, and forgets the kinds gone quiet. */
  flush(): void {
    const at = this.now();
    for (const [kind, seen] of this.seen) {
      if (at - seen.since < this.windowMs) continue;
      this.summarise(kind, seen);
      this.seen.delete(kind);
    }
  }

  private summarise(kind: string, seen: Seen): void {
    if (seen.more === 0) return;
    this.logger[seen.level](
      {
        kind,
        repeated: seen.more,
        since: new Date(seen.since).toISOString(),
        requestIds: seen.requestIds,
      },
      `${seen.message} (${seen.more} more like this, not logged one by one)`,
    );
  }
}

/** The process's failure log (the site's logger). */
export const failureLog = (): FailureLog =>
  processSingleton('failure-log', () => new FailureLog(createLogger('site')));
