import 'server-only';
import type { Db } from '@/lib/catalog-api/db/client';
import type { ApiKey } from '@/lib/catalog-api/keys';

export interface HandlerContext {
  db: Db;
  key: ApiKey;
  params: { id?: number };
  url: URL;
  request: Request;
  requestId: string;
  /** The service's date for this request (UTC), for rules such as "must be today or later". */
  today: string;
}

/** A handler answers with a value to serialise, or with JSON text it already has (from Postgres). */
export type HandlerResult = { status?: number; headers?: Record<string, string> } & (
  | { body: unknown }
  | { json: string }
);
