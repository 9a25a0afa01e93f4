import 'server-only';
import pino from 'pino';
import { settings } from './settings';

/**
 * JSON logs with request ids, one logger per role (`service` names it). API keys never reach a log
 * line: the redact list covers the key header and the names a key travels under, and the code never
 * logs a key in the first place.
 */
export function createLogger(service: string) {
  const options: pino.LoggerOptions = {
    level: settings().LOG_LEVEL,
    base: { service },
    redact: { paths: ['headers["x-svc-api-token"]', 'key', 'apiKey'], censor: '[redacted]' },
    serializers: { err: withoutValues },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Where log lines go when not to pino's own standard output: set by tests only. */
let destination: pino.DestinationStream | undefined;

/**
 * Sends the lines of every logger made after the call to `to`. The contract tests keep each test's server
 * log and print it when the test fails (tests/setup/server-log.ts, which runs before any logger is made).
 */
export function setLogDestination(to: pino.DestinationStream): void {
  destination = to;
}

/**
 * An error as logged: its type, message, stack and code, but never the values it carried. A failed query's
 * message lists its parameters (an inquiry's are a traveller's name, email and message), and a database
 * error's `detail` quotes the offending value: both are cut, here and in every `cause`.
 */
export function withoutValues(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const out = pino.stdSerializers.err(error);
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(out)) {
    if (VALUE_FIELDS.has(k)) continue;
    clean[k] = typeof v === 'string' ? stripParams(v) : k === 'cause' ? withoutValues(error.cause) : v;
  }
  if (error.cause !== undefined) clean.cause = withoutValues(error.cause);
  return clean;
}

const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'values']);
const stripParams = (text: string) => text.replace(/(^|\n)params:[^\n]*/g, '$1params: [not logged]');
