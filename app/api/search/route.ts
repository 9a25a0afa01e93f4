import { notServed } from '@/lib/site/http';
import { searchRoute } from '@/lib/site/search/route';

// GET /api/search — the site's search for a search URL (lib/site/search/route.ts; README, "Search API").
// The site's server answers it without Next.js's route pipeline (lib/site/direct-routes.ts); this route is
// the same handler for any other server (`next start`) and for HEAD.
export const GET = searchRoute;

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
