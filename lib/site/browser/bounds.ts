/*
 * A map's area as the search URL writes it: `bounds=west,south,east,north` in degrees (longitude, latitude),
 * at most 5 decimals. West may be greater than east: the area crosses the antimeridian (Fiji, the Pacific).
 * Pure and shared by the browser (the map writes it) and the server (search reads it).
 */

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

const NUMBER = /^-?\d{1,3}(\.\d{1,12})?$/;

/** The URL's text as bounds, or null when it is not four numbers in range with south not above north. */
export function parseBounds(text: string): Bounds | null {
  const parts = text.split(',');
  if (parts.length !== 4 || !parts.every((p) => NUMBER.test(p.trim()))) return null;
  const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
  const lng = (x: number) => x >= -180 && x <= 180;
  const lat = (y: number) => y >= -90 && y <= 90;
  if (!lng(west) || !lng(east) || !lat(south) || !lat(north) || south > north) return null;
  return { west, south, east, north };
}

const round = (x: number) => Math.round(x * 1e5) / 1e5 || 0;

/** Bounds as the URL writes them. */
export const formatBounds = (b: Bounds) => [b.west, b.south, b.east, b.north].map(round).join(',');

/** A longitude brought into [-180, 180] (a map showing world copies reports 190 for -170). */
export function wrapLng(x: number): number {
  const w = ((((x + 180) % 360) + 360) % 360) - 180;
  return w === -180 && x > 0 ? 180 : w;
}

/**
 * A map's visible box as search bounds: longitudes wrapped into [-180, 180] (so a box over the
 * antimeridian comes out with west > east), latitudes clamped; a box wider than the world is all of it.
 */
export function boundsOfView(west: number, south: number, east: number, north: number): Bounds {
  const lat = (y: number) => Math.max(-90, Math.min(90, y));
  if (east - west >= 360) return { west: -180, south: lat(south), east: 180, north: lat(north) };
  return { west: wrapLng(west), south: lat(south), east: wrapLng(east), north: lat(north) };
}

/**
 * A record's latitude and longitude as a point on Earth, `{ lat, lng }`, or null: an upstream's "number or
 * null" may be 1000, and a map refuses such a point outright (MapLibre throws), so it is no position at all.
 */
export function positionOf(lat: number | null, lng: number | null): { lat: number; lng: number } | null {
  if (lat === null || lng === null || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;
}

/** Whether a point lies in the box (edges included); the box crosses the antimeridian when west > east. */
export function inBounds(b: Bounds, latitude: number | null, longitude: number | null): boolean {
  const at = positionOf(latitude, longitude);
  if (!at) return false;
  const { lat, lng } = at;
  if (lat < b.south || lat > b.north) return false;
  return b.west <= b.east ? lng >= b.west && lng <= b.east : lng >= b.west || lng <= b.east;
}
