import pino from 'pino';
import { settings } from '../settings';

/**
 * JSON logs with request ids. API keys never reach a log line: the redact list covers the header in
 * every casing we could be handed, and the code never logs a key in the first place.
 */
export const logger = pino({
  level: settings().LOG_LEVEL,
  base: { service: 'catalog-api' },
  redact: { paths: ['headers["x-svc-api-token"]', 'key', 'apiKey'], censor: '[redacted]' },
});
