import type { Db } from '../db/client';
import type { ApiKey } from '../keys';

export interface HandlerContext {
  db: Db;
  key: ApiKey;
  params: { id?: number };
  url: URL;
  request: Request;
  requestId: string;
}

export interface HandlerResult {
  status?: number;
  body: unknown;
}
