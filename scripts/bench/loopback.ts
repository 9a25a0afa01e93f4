// Visitors of their own on one machine: each loopback address (127.0.0.2, 127.0.0.3, …) is a distinct
// visitor to the server, which tells visitors apart by the connection's address. And a counting proxy to
// stand between a site and its upstream. Used by the abuse probe (scripts/probe-abuse.ts) and the abuse
// lane (tests/abuse). Loopback only.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes as sent (gzip ones when the answer was compressed). */
  bytes: number;
  ms: number;
  text: string;
}

const agents = new Map<string, Agent>();
function agentFor(address: string): Agent {
  let agent = agents.get(address);
  if (!agent) {
    agent = new Agent({ keepAlive: true, localAddress: address, maxSockets: 64 });
    agents.set(address, agent);
  }
  return agent;
}

/** Closes every visitor's kept-alive connections (at the end of a run). */
export function closeVisitors(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * One HTTP request from the loopback address `from`; never throws (status -1 when the connection failed).
 * An answer sent with gzip (ask it with `accept-encoding`) is read decoded.
 */
export function hit(
  origin: string,
  pathname: string,
  from: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const failed = () => ({ status: -1, headers: {}, bytes: 0, ms: performance.now() - started, text: '' });
  return new Promise((resolve) => {
    const req = request(
      `${origin}${pathname}`,
      { method: init.method ?? 'GET', headers: init.headers, agent: agentFor(from) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          let text: string;
          try {
            text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8');
          } catch {
            return resolve(failed());
          }
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes: body.length,
            ms: performance.now() - started,
            text,
          });
        });
        res.on('error', () => resolve(failed()));
      },
    );
    req.setTimeout(init.timeoutMs ?? 30_000, () => req.destroy());
    req.on('error', () => resolve(failed()));
    req.end(init.body);
  });
}

export interface UpstreamCall {
  at: number;
  method: string;
  path: string;
  /** The X-Request-Id the site sent with it: the visitor's own request id, passed on. */
  requestId: string;
}

/** A proxy in front of a server's own /v2 that records every upstream call the site makes. */
export async function countingProxy() {
  let target = '';
  const calls: UpstreamCall[] = [];
  const proxy = createServer(async (req, res) => {
    calls.push({
      at: Date.now(),
      method: req.method ?? 'GET',
      path: req.url ?? '',
      requestId: String(req.headers['x-request-id'] ?? ''),
    });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host')) as Record<
          string,
          string
        >,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const headers = Object.fromEntries(answer.headers);
      delete headers['content-encoding'];
      delete headers['content-length'];
      res.writeHead(answer.status, headers);
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.writeHead(502).end();
    }
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v2`,
    setTarget: (origin: string) => {
      target = origin;
    },
    calls,
    close: () => new Promise((r) => proxy.close(r)),
  };
}
