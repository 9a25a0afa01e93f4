import 'server-only';

export const MAX_BODY_BYTES = 64 * 1024;

/** Why a body was refused: `charset` (415) when it is JSON in another encoding than UTF-8, else `invalid`. */
export type BodyProblem = 'invalid' | 'charset';

/**
 * Reads a JSON object body as docs/decisions.md#request-bodies decides, for both roles: Content-Type application/json, at most
 * 64 KiB (read in chunks and abandoned past the limit, never buffered whole), valid JSON, an object.
 * JSON is UTF-8 (RFC 8259): a `charset` parameter naming anything else is refused (415) rather than read as
 * UTF-8. Anything else throws the caller's "invalid request" error with a message saying what was wrong.
 */
export async function readJsonObject(
  request: Request,
  invalid: (message: string, problem: BodyProblem) => Error,
): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw invalid('Send the body as JSON with Content-Type: application/json.', 'invalid');
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(type)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw invalid('Send the body as UTF-8 JSON (charset=utf-8, or no charset).', 'charset');
  }
  const tooLarge = () => invalid(`The body is larger than ${MAX_BODY_BYTES / 1024} KiB.`, 'invalid');
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw invalid('The body is not valid JSON.', 'invalid');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalid('The body must be a JSON object.', 'invalid');
  }
  return parsed as Record<string, unknown>;
}
