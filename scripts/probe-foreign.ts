// `npm run probe:foreign [-- --upstream vendor|prism] [--properties N] [--only open-ended,extreme,…]
// [--bad-currency CODE]`: the site run
// against an upstream we did not write (scripts/foreign/run.ts) and the figures printed: answers by status,
// the 5xx, the slowest, the replica's first load, the two syncs, the longest event-loop stall, the slowest
// /api/health meanwhile, the server's peak memory, and whether it is still alive. Loopback only; a few
// minutes at most. The foreign-upstream lane (tests/foreign) runs the same and holds the site to it.
import { parseArgs } from 'node:util';
import { runForeign, type Upstream } from './foreign/run';
import { CHANGES, type Change } from './foreign/vendor';

const { values } = parseArgs({
  options: {
    upstream: { type: 'string', default: 'vendor' },
    properties: { type: 'string', default: '150' },
    'bad-currency': { type: 'string' },
    only: { type: 'string', default: CHANGES.join(',') },
    'replica-wait': { type: 'string', default: '180' },
    visits: { type: 'string' },
  },
});

const figures = await runForeign({
  upstream: values.upstream as Upstream,
  properties: Number(values.properties),
  replicaWaitMs: Number(values['replica-wait']) * 1000,
  visitsFile: values.visits,
  vendor: { changes: values.only.split(',') as Change[], badCurrency: values['bad-currency'] },
  log: (line) => console.error(`.. ${line}`),
});
console.log(JSON.stringify(figures, null, 2));
process.exit(0);
