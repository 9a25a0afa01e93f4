#!/usr/bin/env node
// The production HTTP server (`npm start` runs it after building): Next.js's request handler behind a
// thin layer of rules that must hold for every response, pages, API, photos and Next's own files alike,
// and that Next.js cannot be asked for:
// - who the visitor is: the socket's address, written into X-Rental-Peer (a client's own header of that
//   name is replaced), so per-visitor limits cannot be dodged with a made-up X-Forwarded-For;
// - methods: TRACE and methods no route serves answer 405 with `Allow`; pages answer GET and HEAD only;
// - a URL whose %-encoding is broken answers 400 instead of failing inside the framework;
// - security headers on every response (HSTS only when HSTS_MAX_AGE_SECONDS is set);
// - header, body and idle timeouts sized for this site, and a cap on open connections.
// Errors keep the API's shape: {error: {code, message, request_id}} with X-Request-Id.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const hstsSeconds = Number(process.env.HSTS_MAX_AGE_SECONDS ?? 0);
if (!Number.isInteger(hstsSeconds) || hstsSeconds < 0) {
  console.error('HSTS_MAX_AGE_SECONDS must be a whole number of seconds (0 or unset: no HSTS header).');
  process.exit(1);
}

const PEER_HEADER = 'x-rental-peer';
const PREFETCH_HEADER = 'x-rental-prefetch';
const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
// What the browser and the partner API may use per path; everything else is a page (GET and HEAD).
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const PAGE_METHODS = ['GET', 'HEAD'];
const KNOWN_METHODS = new Set([...API_METHODS]);

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  ...(hstsSeconds > 0 ? { 'Strict-Transport-Security': `max-age=${hstsSeconds}; includeSubDomains` } : {}),
};

function refuse(req, res, status, code, message, extra = {}) {
  const incoming = req.headers['x-request-id'];
  const requestId =
    typeof incoming === 'string' && REQUEST_ID.test(incoming)
      ? incoming
      : `site_${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({ error: { code, message, request_id: requestId } });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  console.log(
    JSON.stringify({ level: 40, service: 'server', requestId, method: req.method, status, msg: code }),
  );
}

/** Whether every %-escape in the URL decodes (a lone `%`, `%ff` and overlong `%c0%ae` do not). */
function wellEncoded(url) {
  try {
    for (const part of url.split(/[?&=/]/)) decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}

const isApi = (pathname) => /^\/(api|v2)(\/|$)/.test(pathname);

/**
 * One value per process shared with the app's bundles: the JavaScript twin of lib/process-singleton.ts,
 * same key (`rental.<name>`) and same shape, so whichever side asks first makes it.
 */
function shared(name, create) {
  const key = Symbol.for(`rental.${name}`);
  globalThis[key] ??= { version: 0, value: create() };
  return globalThis[key].value;
}

// Prometheus metrics (METRICS=1, lib/settings.ts checks the values): every answer by route, method and
// status with its latency, measured here where every request passes; the app adds upstream, cache, lead
// and sync metrics to the same registry (lib/metrics.ts). `/metrics` is answered here, before the page
// rules: a scraper is not a visitor. With METRICS_TOKEN it asks for `Authorization: Bearer <token>`.
const metricsOn = ['1', 'true', 'on'].includes(process.env.METRICS ?? '');
const metricsAuth = process.env.METRICS_TOKEN ? `Bearer ${process.env.METRICS_TOKEN}` : null;
let metrics = null;
if (metricsOn) {
  const prom = await import('prom-client');
  const registry = shared('metrics.registry', () => new prom.Registry());
  prom.collectDefaultMetrics({ register: registry });
  const requests = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Answers by route (a template: ids and file names left out), method and status, with their latency',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  metrics = { registry, requests };
}

// Route templates for the metrics' labels: a bounded set, whatever paths visitors try.
const ROUTES = [
  [/^\/api\/properties\/[^/]+\/(rates|availability|images|quote)$/, (m) => `/api/properties/:id/${m[1]}`],
  [/^\/api\/properties\/[^/]+$/, () => '/api/properties/:id'],
  [/^\/api\/inquiries\/[^/]+$/, () => '/api/inquiries/:lead'],
  [/^\/api\/(search|locations|inquiries|cron\/sync|health|ready)$/, (m) => `/api/${m[1]}`],
  [/^\/api(\/|$)/, () => '/api/other'],
  [/^\/v2\/properties\/changes$/, () => '/v2/properties/changes'],
  [/^\/v2\/properties\/[^/]+\/(rates|availability|images|quote)$/, (m) => `/v2/properties/:id/${m[1]}`],
  [/^\/v2\/properties\/[^/]+$/, () => '/v2/properties/:id'],
  [/^\/v2\/(properties|locations|inquiries|openapi\.json)$/, (m) => `/v2/${m[1]}`],
  [/^\/v2(\/|$)/, () => '/v2/other'],
  [/^\/cdn\//, () => '/cdn/photos/:photo'],
  [/^\/_next\/static\//, () => '/_next/static'],
  [/^\/_next\//, () => '/_next/other'],
  [/^\/(properties|destinations|inquiries|embed\/properties)\/[^/]+$/, (m) => `/${m[1]}/:id`],
  [
    /^\/(|search|destinations|inquire|partners|docs\/api|embed\/search|embed\.js|sitemap\.xml|robots\.txt|metrics)$/,
    (m) => `/${m[1]}`,
  ],
];
function routeOf(pathname) {
  for (const [pattern, name] of ROUTES) {
    const m = pathname.match(pattern);
    if (m) return name(m);
  }
  return 'other';
}

async function serveMetrics(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return refuse(req, res, 405, 'method_not_allowed', `${req.method} is not served here.`, {
      Allow: 'GET, HEAD',
    });
  if (metricsAuth && req.headers.authorization !== metricsAuth)
    return refuse(req, res, 403, 'forbidden', 'A valid metrics token is required.');
  const text = await metrics.registry.metrics();
  res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : text);
}

// Imported here, after NODE_ENV is settled: parts of Next.js read it when they load.
process.env.NODE_ENV = 'production';
const { default: next } = await import('next');
const app = next({ dev: false, dir: root, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  req.headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
  // Next.js hides its router's headers from the proxy; a prefetch of a page's shell is marked for it here.
  if (req.headers['next-router-prefetch']) req.headers[PREFETCH_HEADER] = '1';
  else delete req.headers[PREFETCH_HEADER];
  const url = req.url ?? '/';
  if (metrics) {
    const started = performance.now();
    res.once('close', () => {
      const route = routeOf(url.split('?')[0]);
      const method = KNOWN_METHODS.has(req.method) ? req.method : 'other';
      const labels = { route, method, status: String(res.statusCode) };
      metrics.requests.observe(labels, (performance.now() - started) / 1000);
    });
    if (url.split('?')[0] === '/metrics')
      return serveMetrics(req, res).catch((error) => {
        console.error(error);
        if (!res.headersSent) refuse(req, res, 500, 'internal_error', 'Something went wrong on our side.');
      });
  }
  if (!wellEncoded(url))
    return refuse(req, res, 400, 'invalid_request', 'The address is not correctly encoded.');
  const pathname = url.split('?')[0];
  if (!KNOWN_METHODS.has(req.method)) {
    const allow = (isApi(pathname) ? API_METHODS : PAGE_METHODS).join(', ');
    return refuse(req, res, 405, 'method_not_allowed', `${req.method} is not served here.`, { Allow: allow });
  }
  if (!isApi(pathname) && !PAGE_METHODS.includes(req.method)) {
    return refuse(req, res, 405, 'method_not_allowed', 'Pages answer GET and HEAD only.', {
      Allow: 'GET, HEAD',
    });
  }
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) refuse(req, res, 500, 'internal_error', 'Something went wrong on our side.');
  });
});

// A request's headers must arrive within 10 s and its whole body within 30 s (an inquiry is at most 64 KiB);
// an idle keep-alive connection closes after SERVER_KEEP_ALIVE_SECONDS (default 5, Node's own; behind a
// load balancer that keeps idle connections longer, set it above the balancer's idle timeout); at most
// 2,048 connections are held open at once.
const keepAliveSeconds = Number(process.env.SERVER_KEEP_ALIVE_SECONDS ?? 5);
if (!Number.isInteger(keepAliveSeconds) || keepAliveSeconds < 1 || keepAliveSeconds > 600) {
  console.error('SERVER_KEEP_ALIVE_SECONDS must be a whole number of seconds from 1 to 600.');
  process.exit(1);
}
server.headersTimeout = 10_000;
server.requestTimeout = 30_000;
server.keepAliveTimeout = keepAliveSeconds * 1000;
server.maxConnections = 2048;
server.listen(port, () => console.log(`▲ Ready on http://localhost:${port}`));
// Stopping (a rolling deploy, a scale-in): take no new connection, claim no more queued leads, finish the
// requests already open (an inquiry being sent among them), then exit; 10 s at most. A lead still being
// sent then is picked up by another instance once its claim lapses.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    globalThis[Symbol.for('rental.server.stopping')] = true; // the lead worker claims nothing more

    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
