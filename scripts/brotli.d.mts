// Types of scripts/brotli.mjs (plain JavaScript: the server runs it without a compiler), for the tests.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BrotliCompress } from 'node:zlib';

export function filesUnder(dir: string): Generator<string>;

export function precompressStatic(
  staticDir: string,
  options?: { prefixOf?: (name: string) => string },
): Promise<{ count: number; raw: number; compressed: number }>;

export function staticBrotli(
  staticDir: string,
): (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;

export function brotliStream(
  send: (chunk: Buffer) => unknown,
  finish: () => void,
  fail?: (error: Error) => void,
): {
  stream: BrotliCompress;
  resume: () => void;
  write: (chunk: string | Buffer, encoding?: BufferEncoding) => void;
  end: (chunk?: string | Buffer, encoding?: BufferEncoding) => void;
};
