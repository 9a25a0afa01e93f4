import 'server-only';
import { processSingleton } from '@/lib/process-singleton';
import type { Settings } from '@/lib/settings';
import { Slots } from '@/lib/slots';

/*
 * How hard the site tries to deliver a lead: attempts through errors and the waits between them, how long a
 * sender holds a lead, how many inquiries are in flight upstream at once. Read from the settings once per
 * use; the worker and POST /api/inquiries share it.
 */

export interface DeliveryPolicy {
  maxAttempts: number;
  retryBaseSeconds: number;
  /** How long a sender holds a lead before another may take it (longer than one upstream call). */
  claimSeconds: number;
  /** Inquiries in flight upstream at once from this process. */
  sendConcurrency: number;
}

export function deliveryPolicy(s: Settings): DeliveryPolicy {
  return {
    maxAttempts: s.LEAD_MAX_ATTEMPTS,
    retryBaseSeconds: s.LEAD_RETRY_BASE_SECONDS,
    claimSeconds: Math.ceil(s.UPSTREAM_POST_TIMEOUT_MS / 1000) * 2 + 10,
    sendConcurrency: s.LEAD_SEND_CONCURRENCY,
  };
}

/** Waits before attempt n+1 after n failures: base × 2^(n−1), at most 10 minutes, with a little jitter. */
export function backoffSeconds(failures: number, baseSeconds: number, random = Math.random): number {
  const wait = Math.min(600, baseSeconds * 2 ** Math.max(0, failures - 1));
  return Math.ceil(wait * (0.9 + 0.2 * random()));
}

/**
 * At most `sendConcurrency` inquiries in flight upstream from this process: a burst of visitors waits its
 * turn (or the lead queue) instead of piling onto the upstream until its answers come too late.
 */
export function sendSlots(policy: Pick<DeliveryPolicy, 'sendConcurrency'>): Slots {
  return processSingleton('site.send-slots', () => new Slots(policy.sendConcurrency), policy.sendConcurrency);
}
