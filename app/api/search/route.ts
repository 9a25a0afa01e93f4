import { notServed } from '@/lib/site/http';
import { searchRoute } from '@/lib/site/search/route';

// GET /api/search — the site's search for a search URL (lib/site/search/route.ts; README, "Search API").
export const GET = searchRoute;

export const { POST, PUT, PATCH, DELETE } = notServed('GET');
