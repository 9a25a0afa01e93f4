import 'server-only';
import { processSingleton } from '@/lib/process-singleton';
import { consumeOrWait, createLimiter, type Limiter, redisForLimits } from '@/lib/rate-limit';
import { settings, settingsVersion } from '@/lib/settings';
import { SiteError, waitInWords } from '@/lib/site/http';
import { logger } from '@/lib/site/logger';

/*
 * How many shortlists and proposals one visitor may create in an hour: each is a row kept for months, and a
 * proposal's views spend upstream calls of its own (charge.ts). Made once per process, in Redis when the
 * instances share one (docs/decisions.md#limits-built-once-per-process).
 */

interface CreationLimits {
  shortlists: Limiter;
  proposals: Limiter;
}

function creationLimits(): CreationLimits {
  return processSingleton(
    'site.advisor-limits',
    () => {
      const s = settings();
      const redis = redisForLimits(s.REDIS_URL, logger);
      return {
        shortlists: createLimiter('site_shortlists', s.SITE_SHORTLISTS_PER_VISITOR_PER_HOUR, 3600, redis),
        proposals: createLimiter('site_proposals', s.SITE_PROPOSALS_PER_VISITOR_PER_HOUR, 3600, redis),
      };
    },
    settingsVersion(),
  );
}

/** Counts one creation of `what` for the visitor, or refuses it (429 with Retry-After) past their hour's. */
export async function limitCreation(visitor: string, what: 'shortlists' | 'proposals'): Promise<void> {
  const seconds = await consumeOrWait(creationLimits()[what], visitor);
  if (seconds > 0)
    throw new SiteError(
      'rate_limited',
      what === 'proposals'
        ? `You have made many proposals in a short time; please try again in ${waitInWords(seconds)}.`
        : `Too many new shortlists from here; please try again in ${waitInWords(seconds)}.`,
      undefined,
      seconds,
    );
}
