// Brotli for what the site sends most: Next.js's own files and its pages. Next.js 16 compresses with gzip
// only (and its static files again on every request); a browser that takes brotli gets these smaller
// (docs/decisions.md, "Brotli for pages and the framework's files"):
// - the build's static files (`.next/static`: scripts, style sheets, SVG) are compressed once, after the
//   build, at brotli's best quality, into a `.br` file beside each (`precompressStatic`, run by start.mjs);
//   scripts/serve.mjs sends that file to a browser that takes brotli (`staticBrotli`), Next.js the rest;
// - pages are compressed by scripts/serve.mjs as they stream (`brotliStream`), at a quality that costs what
//   gzip did.
import {
  createReadStream,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress } from 'node:zlib';

/** What is worth compressing among a build's static files (fonts and images are compressed already). */
const TEXT = new Map([
  ['.js', 'application/javascript; charset=UTF-8'],
  ['.mjs', 'application/javascript; charset=UTF-8'],
  ['.css', 'text/css; charset=UTF-8'],
  ['.svg', 'image/svg+xml'],
]);

/** Every file under `dir`, its subfolders' too. */
export function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Writes `<file>.br` beside every text file of the build's static folder that has none newer than itself,
 * at quality 11 (the most brotli does), on Node's thread pool: ~5 s for a whole build on 2 cores, once.
 * `prefixOf(name)` (a path under the folder, `/`-separated) gives text to put before a file's own in its
 * twin: the compile hint of the scripts a page runs at start (scripts/compile-hints.mjs). Which twin was
 * written with which prefix is kept beside the folder (`brotli-prefixes.json`, not served), and a twin
 * whose prefix is no longer the one asked for is written again: a build first compressed without hints
 * (or by a start that could not find its start scripts) gets them on the next start. Returns the count
 * and sizes.
 */
export async function precompressStatic(staticDir, { prefixOf = () => '' } = {}) {
  const totals = { count: 0, raw: 0, compressed: 0 };
  if (!existsSync(staticDir)) return totals;
  const compress = promisify(brotliCompress);
  const record = path.join(path.dirname(staticDir), 'brotli-prefixes.json');
  let written = {};
  try {
    written = JSON.parse(readFileSync(record, 'utf8'));
  } catch {}
  const texts = [...filesUnder(staticDir)]
    .filter((file) => TEXT.has(path.extname(file)))
    .map((file) => {
      const name = path.relative(staticDir, file).split(path.sep).join('/');
      return { file, name, prefix: prefixOf(name) };
    });
  const stale = texts.filter(({ file, name, prefix }) => {
    const target = `${file}.br`;
    return (
      !existsSync(target) ||
      statSync(target).mtimeMs < statSync(file).mtimeMs ||
      (written[name] ?? '') !== prefix
    );
  });
  await Promise.all(
    stale.map(async ({ file, prefix }) => {
      const body = Buffer.concat([Buffer.from(prefix), readFileSync(file)]);
      const br = await compress(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      });
      // Whole or not at all: a twin cut short (a full disk, a kill) would be newer than its file and sent.
      writeFileSync(`${file}.br.part`, br);
      renameSync(`${file}.br.part`, `${file}.br`);
      totals.count++;
      totals.raw += body.length;
      totals.compressed += br.length;
    }),
  );
  const prefixes = Object.fromEntries(
    texts.filter(({ prefix }) => prefix).map(({ name, prefix }) => [name, prefix]),
  );
  writeFileSync(`${record}.part`, JSON.stringify(prefixes));
  renameSync(`${record}.part`, record);
  return totals;
}

/** A path under `/_next/static/` as the build names its files: nothing to decode, no way out of the folder. */
const STATIC_PATH =
  /^\/_next\/static\/((?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*)$/;

/**
 * Answers a GET or HEAD of a build's static file with its `.br` twin when there is one; false when it did
 * not answer (no twin, or a path it does not take), for Next.js to answer as before. Cached as Next.js
 * caches these files (content-hashed names: a year, immutable); no ETag or ranges, which an immutable
 * file is not asked for.
 */
export function staticBrotli(staticDir) {
  // The build's `.br` files, found once (a build does not change under a running server): a path asked
  // for that is not among them is not looked up on disk, nor remembered.
  let sizes = null;
  const sizeOf = (name) => {
    if (!sizes) {
      sizes = new Map();
      if (existsSync(staticDir))
        for (const file of filesUnder(staticDir))
          if (file.endsWith('.br'))
            sizes.set(path.relative(staticDir, file).split(path.sep).join('/'), statSync(file).size);
    }
    return sizes.get(`${name}.br`);
  };
  return function serve(req, res, pathname) {
    const match = STATIC_PATH.exec(pathname);
    const type = match && TEXT.get(path.extname(match[1]));
    const size = type ? sizeOf(match[1]) : undefined;
    if (size === undefined) return false;
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Encoding': 'br',
      'Content-Length': size,
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
    });
    if (req.method === 'HEAD') res.end();
    else {
      // pipeline closes the file when the visitor goes away mid-answer (pipe would leave it open).
      pipeline(createReadStream(`${path.join(staticDir, match[1])}.br`), res, () => {});
    }
    return true;
  };
}

/** Quality of a page compressed as it streams: as much CPU as gzip's level 6, ~18% fewer bytes on a page. */
const STREAM_QUALITY = 5;

/**
 * Compresses an answer as the framework writes it: each write goes through one brotli stream, flushed once
 * the writes of the same turn are in (the page's parts reach the browser as soon as they are rendered, as
 * with gzip). `write` and `end` take the place of the answer's; `send` is how the compressed bytes go out
 * (false: the connection is full; the stream waits for `resume`, called on the answer's `drain`); `fail`
 * is told of a compression error.
 */
export function brotliStream(send, finish, fail = () => {}) {
  const stream = createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: STREAM_QUALITY },
  });
  let flushing = false;
  stream.on('data', (chunk) => {
    if (send(chunk) === false) stream.pause();
  });
  stream.on('error', fail);
  return {
    stream,
    resume: () => stream.resume(),
    write(chunk, encoding) {
      stream.write(chunk, encoding);
      if (!flushing) {
        flushing = true;
        setImmediate(() => {
          flushing = false;
          if (!stream.writableEnded && !stream.destroyed) stream.flush(constants.BROTLI_OPERATION_FLUSH);
        });
      }
    },
    end(chunk, encoding) {
      stream.once('end', finish);
      if (chunk !== undefined && chunk !== null) stream.end(chunk, encoding);
      else stream.end();
    },
  };
}
