// A flood from a process of its own, so that its work does not delay the measuring process's timers:
// `connections` kept-alive connections from the loopback address `from` ask `origin + path` again and
// again for `ms`: it prints a line when it starts, and at the end the answers as JSON (each status; the
// text of those not refused).
// Usage: node flood.mjs ORIGIN PATH FROM CONNECTIONS MS. Loopback only; stops by itself.
import { Agent, request } from 'node:http';

const [origin, path, from, connections, ms] = process.argv.slice(2);
const agent = new Agent({ keepAlive: true, localAddress: from, maxSockets: Number(connections) });
const end = Date.now() + Number(ms);

const once = () =>
  new Promise((resolve) => {
    const failed = () => resolve({ status: -1, text: '' });
    const req = request(`${origin}${path}`, { agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', failed);
    });
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', failed);
    req.end();
  });

const answers = [];
process.stdout.write('flooding\n');
await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (Date.now() < end) answers.push(await once());
  }),
);
agent.destroy();
process.stdout.write(
  JSON.stringify(answers.map((a) => ({ status: a.status, text: a.status === 429 ? '' : a.text }))),
);
