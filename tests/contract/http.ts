import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { handleRequest } from '@/lib/catalog-api/http/handle';

/** Real sockets on 127.0.0.1 for the tests: the built-in service as an upstream, and faulty upstreams. */

const open: Server[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

export async function listen(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(server);
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The built-in service behind a real socket, as the site reaches any upstream. Records each request's
 * method and path (with query) so tests can count what reached the upstream.
 */
export async function serveService() {
  const requests: string[] = [];
  let down = false;
  const { server, url } = await listen(async (req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    requests.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await handleRequest(
      new Request(`${url}${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return {
    server,
    url: `${url}/v2`,
    requests,
    /** Requests since the last call, then forgets them. */
    take(): string[] {
      return requests.splice(0);
    },
    /** Drops every connection (an upstream that is down) until set back. */
    setDown(value: boolean) {
      down = value;
    },
  };
}

/** An upstream that answers from a script and counts what it was sent. */
export async function faultyUpstream(
  answer: (hit: number, req: IncomingMessage, res: ServerResponse) => void,
) {
  let hits = 0;
  const { url } = await listen((req, res) => answer(++hits, req, res));
  return { url, hits: () => hits };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-SVC-Mode': 'live', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export type UpstreamMode =
  | { kind: 'pass' }
  | { kind: 'status'; status: number; retryAfter?: number }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'down' }
  | { kind: 'rewrite'; edit: (body: any) => any }
  /** Passes the request to the real service, then drops the connection instead of answering: the
   * upstream acted, the site never hears (its timeout, a network cut). `every` n-th POST, others pass. */
  | { kind: 'lose-answer'; every: number };

/**
 * A proxy in front of the real service whose behaviour a test switches: pass through, answer with an
 * error status (and Retry-After), hang, send broken JSON, drop the connection, or edit the real answer.
 * Counts what it was sent, by method and path.
 */
export async function switchableUpstream(target: () => string) {
  let mode: UpstreamMode = { kind: 'pass' };
  let posts = 0;
  const sent: { method: string; path: string; at: number; passed: boolean; body: string }[] = [];
  const { url } = await listen(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const current = mode;
    sent.push({
      method: req.method ?? 'GET',
      path: req.url ?? '',
      at: Date.now(),
      passed: current.kind === 'pass' || current.kind === 'rewrite' || current.kind === 'lose-answer',
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (current.kind === 'down') return void req.socket.destroy();
    if (current.kind === 'hang') return;
    if (current.kind === 'malformed') return sendJson(res, 200, '{"properties": [ {"id": 1,');
    if (current.kind === 'status') {
      const body = {
        error: {
          code: current.status === 429 ? 'rate_limited' : 'internal_error',
          message: 'upstream secret detail',
          request_id: 'req_upstream',
        },
      };
      return sendJson(
        res,
        current.status,
        body,
        current.retryAfter ? { 'Retry-After': String(current.retryAfter) } : {},
      );
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host')) as Record<
      string,
      string
    >;
    const answer = await fetch(`${target().replace(/\/v2$/, '')}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    let text = await answer.text();
    if (current.kind === 'lose-answer' && req.method === 'POST' && ++posts % current.every === 0)
      return void req.socket.destroy();
    if (current.kind === 'rewrite' && answer.ok) text = JSON.stringify(current.edit(JSON.parse(text)));
    const out = Object.fromEntries(answer.headers);
    delete out['content-length'];
    delete out['content-encoding'];
    res.writeHead(answer.status, out);
    res.end(text);
  });
  return {
    url: `${url}/v2`,
    set(next: UpstreamMode) {
      mode = next;
    },
    sent,
    /** Requests matching method and path prefix. */
    count(method: string, prefix: string) {
      return sent.filter((s) => s.method === method && s.path.startsWith(prefix)).length;
    },
  };
}
