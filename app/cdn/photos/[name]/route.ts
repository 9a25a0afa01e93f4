import { servePhoto } from '@/lib/catalog-api';

// The photo CDN ({cdn_url}/photos/{id}[-{width}w]); rendering and caching live in lib/catalog-api/cdn.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return servePhoto(request, (await params).name);
}
