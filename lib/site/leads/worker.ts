import 'server-only';
import type { CatalogClient } from '@/lib/catalog-client';
import { processSingleton } from '@/lib/process-singleton';
import type { Settings } from '@/lib/settings';
import type { SiteDb } from '@/lib/site/db/client';
import { logger } from '@/lib/site/logger';
import { sendDueLeads } from './delivery';
import { deliveryPolicy } from './policy';

/**
 * The server's state, shared with scripts/serve.mjs (which sets `stopping` when it is told to stop: claim
 * nothing more) through the process's one value of that name.
 */
const serverState = () => processSingleton('server.state', () => ({ stopping: false }));

/**
 * The in-process sender of queued leads: every few seconds it claims the leads that are due and sends
 * them. Started with the server; stops with it: once the server is stopping, it claims no more (a lead
 * claimed then would wait out its claim before another instance could send it). A pass never overlaps the
 * previous one.
 */
export function startLeadWorker(
  deps: { db: () => Promise<SiteDb>; client: () => CatalogClient; settings: Settings },
  intervalMs = 2000,
): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running || serverState().stopping) return;
    running = true;
    try {
      await sendDueLeads(await deps.db(), deps.client(), deliveryPolicy(deps.settings));
    } catch (error) {
      logger.error({ err: error }, 'lead worker pass failed; will try again');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
