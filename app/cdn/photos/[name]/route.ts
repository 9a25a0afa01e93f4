import { servePhoto } from '@/lib/catalog-api/cdn';

// The photo CDN ({cdn_url}/photos/{id}[-{width}w]): lib/catalog-api/cdn.ts, the service's second face, so that
// the /v2 route, which imports the first, never loads the photos' drawing (lib/sandbox/photos).
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return servePhoto(request, (await params).name);
}
