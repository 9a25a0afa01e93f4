import { handleRequest } from '@/lib/catalog-api';

// The Catalog API v2: one adapter for every path and method; routing, auth and errors live in lib/catalog-api.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = handleRequest;
export const HEAD = handleRequest;
export const POST = handleRequest;
export const PUT = handleRequest;
export const PATCH = handleRequest;
export const DELETE = handleRequest;
export const OPTIONS = handleRequest;
