// Compile hints for the scripts every page runs as it loads (docs/decisions.md, "Scripts compiled while
// they download"). Chromium compiles a function the first time it is called, on the page's main thread,
// unless the script says its functions will all be called at load: `//# allFunctionsCalledOnLoad` on its
// first line (Chrome 136+) has V8 compile the whole script on the background thread that streams it in.
// Turbopack wraps every module in a function called when the page starts, so without the hint each module
// is compiled on the main thread in the one task that makes the page live.
//
// The hint goes in the brotli twins only (scripts/brotli.mjs writes it there): every browser that reads it
// takes brotli, and the build's own files, which Next.js sends in gzip to any other client, stay as built.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { filesUnder } from './brotli.mjs';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** `static/chunks/a.js` or `/_next/static/chunks/a.js` as a path under the static folder: `chunks/a.js`. */
const underStatic = (file) => file.replace(/^\/?(?:_next\/)?static\//, '');

/**
 * The scripts a page of the build runs as it starts, as paths under `.next/static`: the framework's own
 * (the build manifest's `rootMainFiles`) and each route's entry scripts, its layouts' and its own client
 * components (the `entryJSFiles` of every route's client-reference manifest, read as Next.js reads it: run
 * as a script). Scripts loaded later (a map, a gallery's viewer) are not among them: they are compiled
 * when, and as far as, they are used. Throws when a route's manifest names no entry scripts (a format
 * this does not know), rather than hint the framework's scripts alone without a word.
 *
 * None when the build pins its scripts' bytes (subresource integrity: a line more would fail the check),
 * and not a script with a source map (its lines would be one off).
 */
export function startChunks(nextDir) {
  const chunks = new Set();
  if (existsSync(path.join(nextDir, 'server', 'subresource-integrity-manifest.json'))) return chunks;
  const build = JSON.parse(readFileSync(path.join(nextDir, 'build-manifest.json'), 'utf8'));
  const add = (file) => {
    const name = underStatic(file);
    if (!existsSync(path.join(nextDir, 'static', `${name}.map`))) chunks.add(name);
  };
  for (const file of build.rootMainFiles ?? []) add(file);
  const app = path.join(nextDir, 'server', 'app');
  if (!existsSync(app)) return chunks;
  for (const file of filesUnder(app)) {
    if (!file.endsWith('_client-reference-manifest.js')) continue;
    // `globalThis.__RSC_MANIFEST["/route/page"] = {…};`, one route a file.
    const context = vm.createContext({});
    vm.runInContext(readFileSync(file, 'utf8'), context, { filename: file, timeout: 1000 });
    const routes = Object.values(context.__RSC_MANIFEST ?? {});
    if (!routes.some((route) => route?.entryJSFiles))
      throw new Error(`${path.relative(nextDir, file)} names no entry scripts`);
    for (const route of routes)
      for (const files of Object.values(route.entryJSFiles ?? {})) for (const entry of files) add(entry);
  }
  return chunks;
}
