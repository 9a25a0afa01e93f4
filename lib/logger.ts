import pino from 'pino';
import { settings } from './settings';

/**
 * JSON logs with request ids, one logger per role (`service` names it). API keys never reach a log
 * line: the redact list covers the key header and the names a key travels under, and the code never
 * logs a key in the first place.
 */
export function createLogger(service: string) {
  return pino({
    level: settings().LOG_LEVEL,
    base: { service },
    redact: { paths: ['headers["x-svc-api-token"]', 'key', 'apiKey'], censor: '[redacted]' },
  });
}
