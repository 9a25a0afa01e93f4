// A flood from a process of its own, so that its work does not delay the measuring process's timers:
// `connections` kept-alive connections from the loopback address `from` ask `origin + path` again and
// again for `ms`: it prints a line when it starts, and at the end the answers as JSON (each status; the
// text of those not refused). The visitor is scripts/bench/loopback.ts's, read by Node's own TypeScript.
// Usage: node flood.mjs ORIGIN PATH FROM CONNECTIONS MS. Loopback only; stops by itself.
import { closeVisitors, hit } from '../../scripts/bench/loopback.ts';

const [origin, path, from, connections, ms] = process.argv.slice(2);
const end = Date.now() + Number(ms);

const answers = [];
process.stdout.write('flooding\n');
await Promise.all(
  Array.from({ length: Number(connections) }, async () => {
    while (Date.now() < end) answers.push(await hit(origin, path, from));
  }),
);
closeVisitors();
process.stdout.write(
  JSON.stringify(answers.map((a) => ({ status: a.status, text: a.status === 429 ? '' : a.text }))),
);
