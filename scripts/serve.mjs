#!/usr/bin/env node
// The production HTTP server (`npm start` runs it after building): Next.js's request handler behind a
// thin layer of rules that must hold for every response, pages, API, photos and Next's own files alike,
// and that Next.js cannot be asked for:
// - who the visitor is: the socket's address, written into X-Rental-Peer (a client's own header of that
//   name is replaced), so per-visitor limits cannot be dodged with a made-up X-Forwarded-For;
// - methods: TRACE and methods no route serves answer 405 with `Allow`; pages answer GET and HEAD only;
// - a URL whose %-encoding is broken answers 400 instead of failing inside the framework;
// - a router prefetch is what the server sees (an RSC request asking for one, which renders no page), never
//   a header a client adds to a plain GET;
// - security headers on every response (HSTS only when HSTS_MAX_AGE_SECONDS is set), and X-Request-Id on
//   every answer of the site (the partner API at /v2 makes its own);
// - every request runs in the request context (lib/request-context.ts), so the upstream calls a page causes
//   are charged to its visitor, and a page whose render failed is answered with the site's own page and
//   status (503 + Retry-After when the upstream or the budget refused) instead of Next.js's empty 500;
// - header, body and idle timeouts sized for this site and kept to the second, and a cap on connections;
// - Node's own refusals (431 headers too large, 400 unreadable, 408 too slow) in the site's error shape.
// It also answers GET /api/search by calling the route's own handler (lib/site/direct-routes.ts): the
// framework's route pipeline cost more CPU than a search. A browser that takes brotli gets the pages and
// the build's static files in brotli (scripts/brotli.mjs): Next.js offers gzip only.
// Errors keep the API's shape: {error: {code, message, request_id}} with X-Request-Id. Failures are logged
// once per kind and minute (lib/failure-log.ts), so a flood of bad requests cannot fill the disk.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES } from 'node:http';
import path from 'node:path';
import { gzip, gzipSync } from 'node:zlib';
import { brotliStream, staticBrotli } from './brotli.mjs';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3000);
const hstsSeconds = Number(process.env.HSTS_MAX_AGE_SECONDS ?? 0);
if (!Number.isInteger(hstsSeconds) || hstsSeconds < 0) {
  console.error('HSTS_MAX_AGE_SECONDS must be a whole number of seconds (0 or unset: no HSTS header).');
  process.exit(1);
}

const PEER_HEADER = 'x-rental-peer';
const PREFETCH_HEADER = 'x-rental-prefetch';
const PROBE_COUNTED_HEADER = 'x-rental-probe-counted';
const PAGE_COUNTED_HEADER = 'x-rental-page-counted';
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

/** The client's X-Request-Id when usable (docs/decisions.md#request-ids), else the site's own. */
function requestIdOf(req) {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming)
    ? incoming
    : `site_${randomBytes(12).toString('hex')}`;
}

/**
 * A refusal of the server's own, logged through the app's failure log (one line per kind and minute, then a
 * count) once the app has made it at start-up, else as one JSON line.
 */
function logRefusal(requestId, status, code, message) {
  const log = peekShared('failure-log');
  if (log)
    log.note({ level: 'warn', kind: `server ${status} ${code}`, message, requestId, fields: { status } });
  else console.log(JSON.stringify({ level: 40, service: 'server', requestId, status, msg: code }));
}

function refuse(req, res, status, code, message, extra = {}) {
  const requestId = requestIdOf(req);
  const body = JSON.stringify({ error: { code, message, request_id: requestId } });
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    ...extra,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  logRefusal(requestId, status, code, message);
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
/** A page's address: not a route, a file, a photo or Next.js's own. */
const isPageAddress = (pathname) => !isApi(pathname) && !/^\/(_next|cdn|maps)\//.test(pathname);
/** A page as a browser loads it (HTML), not a router's RSC request for it. */
const isPage = (req, pathname) =>
  PAGE_METHODS.includes(req.method) && isPageAddress(pathname) && req.headers.rsc === undefined;

/**
 * One value per process shared with the app's bundles: the JavaScript twin of lib/process-singleton.ts,
 * same key (`rental.<name>`) and same shape, so whichever side asks first makes it. (This file runs outside
 * the bundles and cannot import the TypeScript one.)
 */
const keyOf = (name) => Symbol.for(`rental.${name}`);
function shared(name, create) {
  globalThis[keyOf(name)] ??= { version: 0, value: create() };
  return globalThis[keyOf(name)].value;
}
/** A shared value the app has made, without making it (undefined until it has). */
const peekShared = (name) => globalThis[keyOf(name)]?.value;

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
// Quiet: Next.js would print each failed render as a multi-line stack (0.9 KB a request under attack);
// instrumentation.ts `onRequestError` logs each failure as one summarised JSON line instead.
const app = next({ dev: false, dir: root, port, quiet: true });
const handle = app.getRequestHandler();
await app.prepare();

const requests = shared('request-context', () => new AsyncLocalStorage());

/** The methods an answer is written through, as they were before a wrapper took them over. */
const writersOf = (res) => ({
  writeHead: res.writeHead,
  write: res.write,
  end: res.end,
  flushHeaders: res.flushHeaders,
});

const callbackOf = (...args) => args.find((a) => typeof a === 'function');

/**
 * A `res.write` that, while an answer is held (`heldOf()` gives it), keeps each chunk (as `keep` makes it) and
 * calls back at once instead of writing; otherwise writes through `original`.
 */
function holdingWrite(original, heldOf, keep = (chunk) => chunk) {
  return function (chunk, ...rest) {
    const held = heldOf();
    if (!held) return original.write.call(this, chunk, ...rest);
    if (chunk !== undefined && chunk !== null) held.chunks.push(keep(chunk));
    const callback = callbackOf(...rest);
    if (callback) process.nextTick(callback);
    return true;
  };
}

/**
 * A page whose render failed: Next.js answers 500 with an empty document that only JavaScript fills. Its
 * answer is held (nothing of it is sent) until it ends; by then the app has said why it failed
 * (instrumentation.ts puts the site's own page and status in the request context: 503 with Retry-After
 * when the upstream or the budget refused, 500 with a reference otherwise), and that is sent instead.
 * Without a known cause the framework's answer goes out as it was.
 */
function answerFailedPage(req, res, context) {
  const original = writersOf(res);
  let held = null;
  res.writeHead = function (status, ...rest) {
    if (held) return this;
    if (Number(status) < 500) return original.writeHead.call(this, status, ...rest);
    held = { args: [status, ...rest], chunks: [] };
    return this;
  };
  res.flushHeaders = function () {
    if (!held && this.statusCode < 500) original.flushHeaders.call(this);
  };
  res.write = holdingWrite(original, () => held);
  res.end = function (chunk, ...rest) {
    if (!held) return original.end.call(this, chunk, ...rest);
    Object.assign(res, original);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') held.chunks.push(chunk);
    const callback = callbackOf(chunk, ...rest);
    const answer = context.answer;
    if (!answer) {
      logRefusal(context.requestId, held.args[0], 'page_failed', 'a page failed without a known cause');
      original.writeHead.call(this, ...held.args);
      for (const part of held.chunks) original.write.call(this, part);
      return original.end.call(this, callback);
    }
    // What the framework meant to send with its own body does not fit ours.
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding', 'etag', 'vary'])
      this.removeHeader(name);
    const body = Buffer.from(answer.body);
    original.writeHead.call(this, answer.status, { ...answer.headers, 'Content-Length': body.length });
    return original.end.call(this, req.method === 'HEAD' ? undefined : body, callback);
  };
}

const server = createServer(
  // Node checks the header and request timeouts every `connectionsCheckingInterval` (30 s by default):
  // sockets that were to close at 10 s closed at 28–39 s. Checked every second, they close on time.
  { connectionsCheckingInterval: 1000, headersTimeout: 10_000, requestTimeout: 30_000 },
  (req, res) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
    req.headers[PEER_HEADER] = req.socket.remoteAddress ?? 'unknown';
    delete req.headers[PROBE_COUNTED_HEADER]; // only this server says a probe was counted
    delete req.headers[PAGE_COUNTED_HEADER]; // or a page view
    // Next.js hides its router's headers from the proxy: a router's prefetch (an RSC request, answered with
    // the page's shell and no page) is marked for it here. On a plain GET the header means nothing (it was
    // a way to see a whole page without it counting), so it is taken away.
    const rsc = req.headers.rsc !== undefined;
    if (rsc && req.headers['next-router-prefetch']) req.headers[PREFETCH_HEADER] = '1';
    else delete req.headers[PREFETCH_HEADER];
    if (!rsc) delete req.headers['next-router-prefetch'];
    const url = req.url ?? '/';
    const pathname = url.split('?')[0];
    // The partner API keeps its own ids (docs/decisions.md#request-ids: generated ones read `req_…`).
    if (!/^\/v2(\/|$)/.test(pathname)) {
      req.headers['x-request-id'] = requestIdOf(req);
      res.setHeader('X-Request-Id', req.headers['x-request-id']);
    }
    const context = {
      requestId: req.headers['x-request-id'],
      method: req.method,
      path: pathname,
      peer: req.headers[PEER_HEADER],
      forwardedFor: req.headers['x-forwarded-for'],
    };
    requests.run(context, () => serve(req, res, url, pathname, context));
  },
);

function serve(req, res, url, pathname, context) {
  if (metrics) {
    const started = performance.now();
    res.once('close', () => {
      const route = routeOf(pathname);
      const method = KNOWN_METHODS.has(req.method) ? req.method : 'other';
      const labels = { route, method, status: String(res.statusCode) };
      metrics.requests.observe(labels, (performance.now() - started) / 1000);
    });
    if (pathname === '/metrics')
      return serveMetrics(req, res).catch((error) => {
        console.error(error);
        if (!res.headersSent) refuse(req, res, 500, 'internal_error', 'Something went wrong on our side.');
      });
  }
  if (!wellEncoded(url))
    return refuse(req, res, 400, 'invalid_request', 'The address is not correctly encoded.');
  if (!KNOWN_METHODS.has(req.method)) {
    const allow = (isApi(pathname) ? API_METHODS : PAGE_METHODS).join(', ');
    return refuse(req, res, 405, 'method_not_allowed', `${req.method} is not served here.`, { Allow: allow });
  }
  if (!isApi(pathname) && !PAGE_METHODS.includes(req.method)) {
    return refuse(req, res, 405, 'method_not_allowed', 'Pages answer GET and HEAD only.', {
      Allow: 'GET, HEAD',
    });
  }
  if (
    pathname.startsWith('/_next/static/') &&
    (req.method === 'GET' || req.method === 'HEAD') &&
    takesBrotli(req) &&
    sendStaticBrotli(req, res, pathname)
  )
    return;
  if (isPage(req, pathname)) {
    const pages = pageCache();
    // A kept page is rendered without a campaign's tags, a property page without its stay too: the browser
    // takes the stay from the address (page-cache.ts, shellOf). An advisor's proposal is not kept.
    const shell = pages?.shell(url) ?? url;
    const key = pages?.key(req.method, shell, req.headers['accept-encoding'], req.headers['user-agent']);
    if (key) return servePage(req, res, pathname, context, key, shell);
    answerFailedPage(req, res, context);
    if (takesBrotli(req)) brotliPage(req, res);
  } else if (
    req.headers.rsc !== undefined &&
    req.method === 'GET' &&
    isPageAddress(pathname) &&
    takesBrotli(req)
  )
    // A router's request for a page's RSC payload (a click from the results to a rental, a prefetch): the
    // same page, compressed the same way.
    brotliPage(req, res);
  if (isApi(pathname)) compressMarked(res);
  const direct = req.method === 'GET' ? directRoutes()?.get(pathname) : undefined;
  if (direct) return answerDirect(req, res, url, direct);
  if (pathname === '/api/ready' && probeGate())
    return countProbe(req, res).then((counted) => counted && pass(req, res));
  pass(req, res);
}

/** Whether a page goes to this client in brotli (lib/site/encoding.ts, pageEncodingFor). */
const takesBrotli = (req) => peekShared('site.page-encoding')?.(req.headers['accept-encoding']) === 'br';
/** The build's static files in brotli, precompressed after the build (scripts/brotli.mjs). */
const sendStaticBrotli = staticBrotli(path.join(root, '.next', 'static'));

/**
 * What a page's address may answer that is worth compressing: its HTML or RSC payload (text/x-component),
 * a sitemap, robots.txt, a script.
 */
const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|xml|[a-z.+-]+\+(json|xml))\b|image\/svg\+xml\b)/i;
/** Below this (when the answer says its length), not worth a compressor: the framework's own threshold. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A page for a browser that takes brotli: Next.js is asked for it uncompressed and it is compressed here as
 * it streams (scripts/brotli.mjs, brotliStream). Installed last, so it sees what Next.js writes before any
 * other wrapper. An answer with nothing worth compressing (a redirect, an empty or short body, an image),
 * one whose headers came whole in `writeHead`'s arguments (a failure the server replaces) and 204, 304 and
 * 5xx pass as Next.js wrote them. The connection's backpressure holds: `write` says false while the socket
 * is full, and the compressor waits for its `drain`.
 */
function brotliPage(req, res) {
  req.headers['accept-encoding'] = 'identity';
  const original = writersOf(res);
  let br = null;
  res.once('close', () => br?.stream.destroy());
  res.on('drain', () => br?.resume());
  const compressible = (status, rest = []) => {
    const code = Number(status);
    const length = res.getHeader('content-length');
    return (
      !res.headersSent &&
      code >= 200 &&
      code < 500 &&
      code !== 204 &&
      code !== 304 &&
      !rest.some((a) => a && typeof a === 'object') &&
      COMPRESSIBLE.test(String(res.getHeader('content-type') ?? '')) &&
      !res.getHeader('content-encoding') &&
      (length === undefined || Number(length) >= COMPRESS_FROM_BYTES)
    );
  };
  res.writeHead = function (status, ...rest) {
    if (compressible(status, rest)) {
      this.removeHeader('content-length');
      this.setHeader('Content-Encoding', 'br');
      varyByEncoding(this);
      if (req.method !== 'HEAD')
        br = brotliStream(
          (chunk) => original.write.call(this, chunk),
          () => original.end.call(this),
          (error) => this.destroy(error),
        );
    }
    return original.writeHead.call(this, status, ...rest);
  };
  res.write = function (chunk, ...rest) {
    if (compressible(this.statusCode)) this.writeHead(this.statusCode);
    if (!br) return original.write.call(this, chunk, ...rest);
    br.write(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
    const callback = callbackOf(...rest);
    if (callback) process.nextTick(callback);
    return !this.writableNeedDrain;
  };
  res.end = function (chunk, ...rest) {
    if (compressible(this.statusCode)) this.writeHead(this.statusCode);
    if (!br) return original.end.call(this, chunk, ...rest);
    const callback = callbackOf(chunk, ...rest);
    if (callback) this.once('finish', callback);
    br.end(
      typeof chunk === 'function' ? undefined : chunk,
      typeof rest[0] === 'string' ? rest[0] : undefined,
    );
    return this;
  };
}

/** The word lib/site/http.ts (SERVER_GZIP) adds to an answer's Cache-Control for this server to compress it. */
const MARK = /,\s*no-transform$/;

/** Above this, a marked answer is compressed on the thread pool, not on the event loop (map points: ~500 KB). */
const GZIP_ON_LOOP_UP_TO = 32 * 1024;

/** Adds Accept-Encoding to an answer's Vary, unless it lists it already. */
function varyByEncoding(res) {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(^|,\s*)accept-encoding(\s*,|$)/i.test(vary))
    res.setHeader('Vary', [vary, 'Accept-Encoding'].filter(Boolean).join(', '));
}

/**
 * A JSON answer the app marked for it (lib/site/http.ts `json`: 1 KB or more, for a client that takes gzip)
 * is held whole, compressed here in one piece at gzip level 1 and sent with its length; the mark is taken
 * off its Cache-Control. The framework's own compression leaves a marked answer alone. Every other answer
 * passes as it is, and so does another status written over a held one (a failure after the answer began:
 * what was held is dropped).
 */
function compressMarked(res) {
  const original = writersOf(res);
  let held = null;
  const marked = (r) => MARK.test(String(r.getHeader('cache-control') ?? ''));
  res.writeHead = function (status, ...rest) {
    if (held && status === held.status) return this;
    if (held) {
      Object.assign(res, original);
      held = null;
      this.setHeader('Cache-Control', String(this.getHeader('cache-control')).replace(MARK, ''));
    }
    if (held || !marked(this) || this.headersSent) return original.writeHead.call(this, status, ...rest);
    held = { status, rest, chunks: [] };
    return this;
  };
  res.flushHeaders = function () {
    if (held || marked(this)) this.writeHead(this.statusCode);
    else original.flushHeaders.call(this);
  };
  res.write = holdingWrite(
    original,
    () => held,
    (chunk) => Buffer.from(chunk),
  );
  res.end = function (chunk, ...rest) {
    if (!held) return original.end.call(this, chunk, ...rest);
    Object.assign(res, original);
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
      held.chunks.push(Buffer.from(chunk));
    const callback = callbackOf(chunk, ...rest);
    this.setHeader('Cache-Control', String(this.getHeader('cache-control')).replace(MARK, ''));
    this.setHeader('Content-Encoding', 'gzip');
    varyByEncoding(this);
    this.removeHeader('transfer-encoding');
    const { status, rest: headArgs } = held;
    // A HEAD's answer has no body to measure: its headers say only how a GET's would be sent.
    if (this.req?.method === 'HEAD') {
      original.writeHead.call(this, status, ...headArgs);
      return original.end.call(this, callback);
    }
    const send = (body) => {
      this.setHeader('Content-Length', body.length);
      original.writeHead.call(this, status, ...headArgs);
      original.end.call(this, body, callback);
    };
    const whole = Buffer.concat(held.chunks);
    if (whole.length <= GZIP_ON_LOOP_UP_TO) send(gzipSync(whole, { level: 1 }));
    else
      gzip(whole, { level: 1 }, (error, body) => {
        if (!error) return send(body);
        console.error(error);
        this.removeHeader('Content-Encoding');
        send(whole);
      });
    return this;
  };
}

/**
 * The routes lib/site/direct-routes.ts gives this server (`/api/search`): their handler is called here with
 * a Web Request of the visitor's URL and headers (its origin `http://localhost`: the handlers read the path
 * and query only; no `x-forwarded-*` headers; no signal, which they do not read and which undici would
 * follow through a FinalizationRegistry, docs/decisions.md "What the tail is made of"), and its answer
 * written through the same wrappers as every answer (compression of a marked answer), without the
 * framework's route pipeline. The answer is read whole before any of it is set, so a failure leaves
 * nothing half-written for the 500 that replaces it.
 */
const directRoutes = () => peekShared('site.direct-routes');
async function answerDirect(req, res, url, handler) {
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    const request = new Request(`http://localhost${url}`, { headers });
    const response = await handler(request);
    const body = Buffer.from(await response.arrayBuffer());
    if (res.destroyed) return;
    const cookies = response.headers.getSetCookie();
    for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
    if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
    // Whether an answer is compressed depends on the client's Accept-Encoding (as Next.js says of its own).
    varyByEncoding(res);
    res.setHeader('Content-Length', body.length);
    res.writeHead(response.status);
    res.end(body);
  } catch (error) {
    console.error(error);
    if (res.headersSent) return res.destroy();
    for (const name of res.getHeaderNames()) if (!KEPT_ON_REFUSAL.has(name)) res.removeHeader(name);
    refuse(req, res, 500, 'internal_error', 'Something went wrong on our side.');
  }
}
/** What every answer carries whatever it is (set before any route runs), kept when a failure replaces one. */
const KEPT_ON_REFUSAL = new Set([
  ...Object.keys(SECURITY_HEADERS).map((n) => n.toLowerCase()),
  'x-request-id',
]);

function pass(req, res) {
  handle(req, res).catch((error) => {
    console.error(error);
    if (!res.headersSent) refuse(req, res, 500, 'internal_error', 'Something went wrong on our side.');
  });
}

/**
 * A page a visitor does not change (lib/site/page-cache.ts says which, and keeps them): the view is counted
 * against the visitor's limit here, once; a page kept is sent as it was rendered, with this answer's own
 * request id; otherwise Next.js renders it (the proxy told it is counted, and how long the visitor must
 * wait if over the limit), the reads of the render are watched, and its answer is offered to the cache.
 */
const pageCache = () => peekShared('site.page-cache');
async function servePage(req, res, pathname, context, key, shell) {
  const pages = pageCache();
  let wait;
  try {
    wait = await pages.count(req.headers[PEER_HEADER], req.headers['x-forwarded-for'], pathname);
  } catch (error) {
    // The proxy counts it then (and answers as it does when the count fails); nothing is kept.
    console.error(error);
    answerFailedPage(req, res, context);
    return pass(req, res);
  }
  req.headers[PAGE_COUNTED_HEADER] = String(wait);
  // The page Next.js renders (a property page without its stay); a refusal (over the limit here, or a
  // failed render: lib/site/failures.ts) offers the address as asked again.
  if (wait === 0 && shell !== req.url) {
    context.asked = req.url;
    req.url = shell;
  }
  try {
    const kept = wait === 0 ? pages.lookup(key) : null;
    if (kept) {
      res.writeHead(kept.status, {
        ...kept.headers,
        'Content-Length': kept.body.length,
        'X-Page-Cache': 'hit',
      });
      return res.end(req.method === 'HEAD' ? undefined : kept.body);
    }
    if (wait === 0 && req.method === 'GET') {
      const watch = pages.watch();
      context.page = watch.reads;
      // A render that failed (instrumentation.ts put the site's answer in the context), even one whose
      // failure came after a 200 was on its way, is not kept.
      offerToCache(res, (answer) => context.answer || pages.keep(key, watch, answer));
      res.setHeader('X-Page-Cache', 'miss');
    }
  } catch (error) {
    console.error(error);
    if (!res.headersSent) return refuse(req, res, 500, 'internal_error', 'Something went wrong on our side.');
    return res.destroy();
  }
  answerFailedPage(req, res, context);
  if (key.startsWith('br ')) brotliPage(req, res);
  pass(req, res);
}

/** The most of an answer gathered for the cache (page-cache.ts keeps nothing larger). */
const MAX_KEPT_BYTES = 4 * 1024 * 1024;

/** Gathers what is sent (as sent: compressed when it is) and offers it, with its headers, once it is all out. */
function offerToCache(res, keep) {
  let chunks = [];
  let bytes = 0;
  const original = { write: res.write, end: res.end };
  const gather = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function' || chunks === null) return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8')
        : Buffer.from(chunk);
    bytes += buffer.length;
    if (bytes > MAX_KEPT_BYTES)
      chunks = null; // not one to keep
    else chunks.push(buffer);
  };
  res.write = function (chunk, encoding, ...rest) {
    gather(chunk, encoding);
    return original.write.call(this, chunk, encoding, ...rest);
  };
  res.end = function (chunk, encoding, ...rest) {
    gather(chunk, encoding);
    return original.end.call(this, chunk, encoding, ...rest);
  };
  res.once('finish', () => {
    if (chunks === null) return;
    const headers = { ...res.getHeaders() };
    delete headers['x-page-cache'];
    delete headers['content-length'];
    try {
      keep({ status: res.statusCode, headers, body: Buffer.concat(chunks) });
    } catch (error) {
      console.error(error);
    }
  });
}

/**
 * GET /api/ready is counted here, before Next.js, with the app's own limiter (lib/site/probe-gate.ts, made
 * at start-up): a flood of probes past their count is refused for a fraction of what a route costs, so it
 * cannot slow what else the process serves (with 50 connections on it, /api/health waited 80 ms at p50 when
 * the refusals went through the framework). The route then knows the probe was counted.
 */
const probeGate = () => peekShared('site.probe-gate');
async function countProbe(req, res) {
  try {
    const wait = await probeGate()(req.headers[PEER_HEADER], req.headers['x-forwarded-for']);
    if (wait === 0) {
      req.headers[PROBE_COUNTED_HEADER] = '1';
      return true;
    }
    refuse(req, res, 429, 'rate_limited', `Too many requests; please try again in ${wait} seconds.`, {
      'Retry-After': String(wait),
    });
  } catch (error) {
    console.error(error);
    refuse(req, res, 500, 'internal_error', 'Something went wrong on our side.');
  }
  return false;
}

// What Node.js itself refuses before any handler runs (headers over its limit, a request it cannot parse,
// headers too slow to arrive): the site's error shape and a request id, like every other answer.
const CLIENT_ERRORS = {
  HPE_HEADER_OVERFLOW: [431, 'The request’s headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};
server.on('clientError', (error, socket) => {
  // A response already on its way on this socket cannot be followed by another: the socket just closes.
  const answering = socket._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || answering) return socket.destroy();
  const [status, message] = CLIENT_ERRORS[error.code] ?? [400, 'The request could not be read.'];
  const requestId = `site_${randomBytes(12).toString('hex')}`;
  const body = JSON.stringify({ error: { code: 'invalid_request', message, request_id: requestId } });
  const headers = {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Request-Id': requestId,
    ...SECURITY_HEADERS,
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  // Closed once the answer is out, as Node's own handler does: only ending it left a client that kept
  // sending (a slow header, a byte a second) connected until the 30 s request timeout.
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('\r\n')}\r\n\r\n${body}`, () =>
    socket.destroy(),
  );
  setTimeout(() => socket.destroy(), 1000).unref();
  logRefusal(requestId, status, 'invalid_request', message);
});

// A request's headers must arrive within 10 s and its whole body within 30 s (an inquiry is at most 64 KiB;
// both set where the server is made, checked every second);
// an idle keep-alive connection closes after SERVER_KEEP_ALIVE_SECONDS (default 5, Node's own; behind a
// load balancer that keeps idle connections longer, set it above the balancer's idle timeout); at most
// 2,048 connections are held open at once.
const keepAliveSeconds = Number(process.env.SERVER_KEEP_ALIVE_SECONDS ?? 5);
if (!Number.isInteger(keepAliveSeconds) || keepAliveSeconds < 1 || keepAliveSeconds > 600) {
  console.error('SERVER_KEEP_ALIVE_SECONDS must be a whole number of seconds from 1 to 600.');
  process.exit(1);
}
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
    shared('server.state', () => ({ stopping: false })).stopping = true; // the lead worker claims nothing more

    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  });
