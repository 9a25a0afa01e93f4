// `npm run bench:first-start`: what a newcomer waits for after `npm start` on a fresh data directory (the
// README's figures): the first answer of the server, the first answer of the API with a demo key, the first
// search with prices (the replica's first load complete), and the demo key's answers to a partner's `curl`
// while the load runs. Loopback only; gives up after 10 minutes. Builds first when the sources changed
// (that time is counted, as it is for a newcomer).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBenchServer } from './bench/server';

const DEMO_KEY = 'svc_test_demo_full_access';
const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 100) / 10;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rental-first-start-'));

const server = await startBenchServer({
  DATA_DIR: dataDir,
  DEMO_PROPERTIES: process.env.DEMO_PROPERTIES ?? '3000',
});
const firstAnswer = seconds();
const figures: Record<string, unknown> = { firstAnswerSeconds: firstAnswer };
const curl = { ok: 0, refused: 0 };
try {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const search = `/api/search?checkin=${day(60)}&checkout=${day(67)}&sort=price&per_page=12`;
  for (;;) {
    if (Date.now() - started > 600_000) throw new Error('no priced search within 10 minutes');
    const api = await fetch(`${server.origin}/v2/properties?per_page=2`, {
      headers: { 'X-SVC-API-TOKEN': DEMO_KEY },
    });
    if (api.status === 200) curl.ok++;
    else curl.refused++;
    figures.firstApiAnswerSeconds ??= api.status === 200 ? seconds() : undefined;
    const answer = await (await fetch(`${server.origin}${search}`)).json();
    // The whole catalog priced: the replica answers and its first load is no longer under way.
    if (answer.source === 'replica' && !answer.loading && answer.properties?.[0]?.price?.kind === 'stay') {
      figures.firstPricedSearchSeconds = seconds();
      break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  figures.demoKeyDuringLoad = curl;
  figures.peakRssMb = Math.round(server.peakRssMb());
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(figures, null, 2));
