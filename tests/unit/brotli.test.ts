import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliStream, precompressStatic } from '../../scripts/brotli.mjs';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a page compressed in brotli as it streams', () => {
  it('sends what was written by the end of each turn, so the page’s head need not wait for its end', async () => {
    const sent: Buffer[] = [];
    let finished = false;
    const page = brotliStream(
      (chunk: Buffer) => sent.push(chunk),
      () => {
        finished = true;
      },
    );
    // What a browser decodes from the bytes sent so far, once it is `expected` (zlib works on Node's thread
    // pool: its output comes a moment later), or after a second.
    const decoded: Buffer[] = [];
    const reader = createBrotliDecompress();
    reader.on('data', (c: Buffer) => decoded.push(c));
    const readSoFar = async (expected: string) => {
      for (let waited = 0; waited < 1000; waited += 10) {
        while (sent.length) reader.write(sent.shift()!);
        await new Promise((resolve) => setTimeout(resolve, 10));
        if (Buffer.concat(decoded).toString('utf8') === expected) break;
      }
      return Buffer.concat(decoded).toString('utf8');
    };

    const head = '<!DOCTYPE html><html><head><title>A page</title></head><body>';
    page.write(head);
    page.write('<main>first part</main>');
    await turn();
    expect(await readSoFar(`${head}<main>first part</main>`)).toBe(`${head}<main>first part</main>`);
    expect(finished).toBe(false);

    const rest = `<section>${'later part '.repeat(500)}</section></body></html>`;
    page.write(Buffer.from(rest.slice(0, 100)));
    page.end(rest.slice(100));
    const whole = `${head}<main>first part</main>${rest}`;
    expect(await readSoFar(whole)).toBe(whole);
    expect(finished).toBe(true);
  });

  it('waits while the connection is full and goes on when it drains, losing nothing', async () => {
    const sent: Buffer[] = [];
    let full = true;
    let finished = false;
    const page = brotliStream(
      (chunk: Buffer) => {
        sent.push(chunk);
        return !full;
      },
      () => {
        finished = true;
      },
    );
    // Bytes brotli cannot shrink much, so that its output comes in several pieces.
    const body = randomBytes(300_000).toString('base64');
    page.end(body);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The connection said it was full after the first piece: nothing more was sent, and the page not ended.
    expect(sent).toHaveLength(1);
    expect(finished).toBe(false);
    full = false;
    page.resume();
    for (let waited = 0; !finished && waited < 2000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(finished).toBe(true);
    expect(brotliDecompressSync(Buffer.concat(sent)).toString('utf8')).toBe(body);
  });

  it('ends a page written in one piece, and an empty one, as a whole brotli stream', async () => {
    for (const body of ['<html>whole</html>', undefined]) {
      const sent: Buffer[] = [];
      const done = new Promise<void>((resolve) => {
        const page = brotliStream((chunk: Buffer) => sent.push(chunk), resolve);
        page.end(body);
      });
      await done;
      expect(brotliDecompressSync(Buffer.concat(sent)).toString('utf8')).toBe(body ?? '');
    }
  });
});

describe('the build’s static files in brotli', () => {
  it('writes a .br beside each script, style sheet and SVG, once, and leaves fonts and images alone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'brotli-static-'));
    mkdirSync(path.join(dir, 'chunks'));
    mkdirSync(path.join(dir, 'media'));
    const script = `(()=>{${'console.log("a chunk");'.repeat(200)}})();`;
    writeFileSync(path.join(dir, 'chunks', 'a1b2.js'), script);
    writeFileSync(path.join(dir, 'chunks', 'c3.css'), `.a{color:red}${'.b{margin:0}'.repeat(100)}`);
    writeFileSync(path.join(dir, 'media', 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    writeFileSync(path.join(dir, 'media', 'font.woff2'), Buffer.alloc(2000, 7));
    writeFileSync(path.join(dir, 'media', 'photo.png'), Buffer.alloc(2000, 9));

    const first = await precompressStatic(dir);
    expect(first.count).toBe(3);
    expect(first.compressed).toBeLessThan(first.raw);
    const br = path.join(dir, 'chunks', 'a1b2.js.br');
    expect(brotliDecompressSync(readFileSync(br)).toString('utf8')).toBe(script);
    expect(existsSync(path.join(dir, 'media', 'icon.svg.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'media', 'font.woff2.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'media', 'photo.png.br'))).toBe(false);

    // Up to date: nothing again. A file newer than its twin (a build over an old folder) is done again.
    expect((await precompressStatic(dir)).count).toBe(0);
    const changed = `${script}//2`;
    writeFileSync(path.join(dir, 'chunks', 'a1b2.js'), changed);
    const later = new Date(statSync(br).mtimeMs + 5000);
    utimesSync(path.join(dir, 'chunks', 'a1b2.js'), later, later);
    expect((await precompressStatic(dir)).count).toBe(1);
    expect(brotliDecompressSync(readFileSync(br)).toString('utf8')).toBe(changed);

    expect(await precompressStatic(path.join(dir, 'missing'))).toEqual({ count: 0, raw: 0, compressed: 0 });
  });
});
