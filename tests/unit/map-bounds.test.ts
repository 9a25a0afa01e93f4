import { describe, expect, it } from 'vitest';
import type { PropertySummary } from '@/lib/contract';
import { boundsOfView, formatBounds, inBounds, parseBounds, positionOf } from '@/lib/site/browser/bounds';
import { fieldMessages } from '@/lib/site/browser/messages';
import { activeFilters, apiQueryFor, cleanSearchParams } from '@/lib/site/browser/search-url';
import { fxRates } from '@/lib/site/replica/fx';
import { indexOfEntries, replicaEntryOf } from '@/lib/site/replica/in-memory';
import { placePositions } from '@/lib/site/replica/places';
import { readSearch, type SearchRequest } from '@/lib/site/search';
import { searchIndex } from '@/lib/site/search/from-replica';

/*
 * "Search this area": the map's box in the URL (`bounds=west,south,east,north`), read back strictly, and the
 * replica's search keeping exactly the rentals placed inside it, across the antimeridian too.
 */

describe('the map area in the URL', () => {
  it('reads four numbers in range, and refuses anything else', () => {
    expect(parseBounds('9.1,43.2,11.5,44.05')).toEqual({ west: 9.1, south: 43.2, east: 11.5, north: 44.05 });
    expect(parseBounds('170,-20,-170,-10')).toEqual({ west: 170, south: -20, east: -170, north: -10 });
    for (const bad of [
      '',
      '1,2,3',
      '1,2,3,4,5',
      'a,b,c,d',
      '0,10,1,5',
      '-181,0,0,1',
      '0,-91,1,0',
      '1e2,0,0,1',
    ])
      expect(parseBounds(bad), bad).toBeNull();
  });

  it('takes a record’s position only when it is a place on Earth (a map throws on latitude 1000)', () => {
    expect(positionOf(43.7, 7.3)).toEqual({ lat: 43.7, lng: 7.3 });
    expect(positionOf(-90, 180)).toEqual({ lat: -90, lng: 180 });
    for (const [lat, lng] of [
      [1000, 7],
      [43, 400],
      [null, 7],
      [43, null],
      [Number.NaN, 7],
      [43, Number.POSITIVE_INFINITY],
    ] as const)
      expect(positionOf(lat, lng), `${lat},${lng}`).toBeNull();
    const world = { west: -180, south: -90, east: 180, north: 90 };
    expect(inBounds(world, 95.5, 7)).toBe(false);
    const places = placePositions(
      [{ id: 1, parent_id: null, name: 'Riviera', path: ['Riviera'] }],
      [
        { latitude: 43.7, longitude: 7.3, location: { id: 1, name: 'Riviera', path: ['Riviera'], url: '' } },
        { latitude: 1000, longitude: 7.3, location: { id: 1, name: 'Riviera', path: ['Riviera'], url: '' } },
      ],
    );
    expect(places).toEqual([{ id: 1, name: 'Riviera', depth: 1, latitude: 43.7, longitude: 7.3, count: 1 }]);
  });

  it('writes a map view with longitudes wrapped, so a view across the antimeridian has west > east', () => {
    expect(formatBounds(boundsOfView(9.123456789, 43.2, 11.5, 44.05))).toBe('9.12346,43.2,11.5,44.05');
    // MapLibre reports a view over Fiji from 175 to 185 (its world copy to the east).
    expect(boundsOfView(175, -20, 185, -15)).toEqual({ west: 175, south: -20, east: -175, north: -15 });
    expect(boundsOfView(-190, -20, -175, -15)).toEqual({ west: 170, south: -20, east: -175, north: -15 });
    expect(boundsOfView(-400, -95, 400, 95)).toEqual({ west: -180, south: -90, east: 180, north: 90 });
  });

  it('places a point inside or outside, with edges included and no position never inside', () => {
    const tuscany = { west: 10, south: 42.5, east: 12, north: 44 };
    expect(inBounds(tuscany, 43.3, 11)).toBe(true);
    expect(inBounds(tuscany, 44, 12)).toBe(true);
    expect(inBounds(tuscany, 44.01, 11)).toBe(false);
    expect(inBounds(tuscany, 43.3, 9.99)).toBe(false);
    expect(inBounds(tuscany, null, 11)).toBe(false);
    const fiji = { west: 176, south: -20, east: -178, north: -15 };
    expect(inBounds(fiji, -17.8, 178.4)).toBe(true);
    expect(inBounds(fiji, -17.8, -179.2)).toBe(true);
    expect(inBounds(fiji, -17.8, 180)).toBe(true);
    expect(inBounds(fiji, -17.8, 0)).toBe(false);
    expect(inBounds(fiji, -17.8, -177)).toBe(false);
  });

  it('is a search parameter: kept, counted as a filter, checked, and the map toggle is not sent to search', () => {
    const params = cleanSearchParams(new URLSearchParams('bounds=10,42.5,12,44&map=1&junk=1'));
    expect(params.toString()).toBe('bounds=10%2C42.5%2C12%2C44&map=1');
    expect(activeFilters(params)).toBe(1);
    expect(apiQueryFor(params).has('map')).toBe(false);
    expect(cleanSearchParams(new URLSearchParams('map=0')).toString()).toBe('');
    expect(readSearch(params)).toMatchObject({
      ok: true,
      request: { bounds: { west: 10, south: 42.5, east: 12, north: 44 } },
    });
    const bad = readSearch(new URLSearchParams('bounds=12,44,10'));
    expect(bad.ok).toBe(false);
    expect(fieldMessages(bad.ok ? {} : bad.errors)).toEqual({
      bounds: 'The map area could not be read; choose it again on the map',
    });
  });
});

describe('the replica’s search by map area', () => {
  const place = (id: number, latitude: number | null, longitude: number | null) =>
    ({
      id,
      name: `Rental ${id}`,
      latitude,
      longitude,
      bedrooms: 2,
      sleeps: 4,
      updated_at: '2026-01-01T00:00:00Z',
      location: { id: 1, name: 'Somewhere', path: ['Somewhere'] },
    }) as unknown as PropertySummary;
  const rows: [number, number | null, number | null][] = [
    [1, 43.3, 11.0], // Tuscany
    [2, 43.7, 7.1], // Côte d'Azur
    [3, -17.8, 178.4], // Fiji, east of the antimeridian's west side
    [4, -17.6, -179.9], // Fiji's Lau group, across it
    [5, -21.2, -175.2], // Tonga, further east
    [6, null, null], // no position
  ];
  const index = indexOfEntries(
    rows.map(([id, lat, lng]) =>
      replicaEntryOf(
        id,
        1,
        place(id, lat, lng) as never,
        {
          currency: 'EUR',
          periods: [],
          defaultRate: null,
          fees: [],
          taxRates: [],
          promotions: [],
          priceOnRequest: true,
        },
        { to: '2028-12-31', ranges: [] },
        '2026-10-02',
      ),
    ),
  );
  const search = (bounds?: SearchRequest['bounds']) =>
    searchIndex(
      index,
      {
        stay: { adults: 2, children: 0 },
        sort: 'id',
        price: {},
        page: 1,
        perPage: 50,
        currency: 'EUR',
        bounds,
        params: '',
      },
      '2026-10-02',
      fxRates(),
    );

  it('keeps exactly the rentals inside the box, none without a position, and counts them', () => {
    expect(search().total).toBe(6);
    const europe = search({ west: -10, south: 35, east: 20, north: 50 });
    expect(europe.properties.map((p) => p.id)).toEqual([1, 2]);
    expect(europe.total).toBe(2);
    expect(search({ west: 10, south: 43, east: 12, north: 44 }).properties.map((p) => p.id)).toEqual([1]);
    expect(search({ west: 0, south: -90, east: 1, north: 90 }).total).toBe(0);
  });

  it('crosses the antimeridian when west > east', () => {
    expect(search({ west: 177, south: -19, east: -179, north: -16 }).properties.map((p) => p.id)).toEqual([
      3, 4,
    ]);
    expect(search({ west: 170, south: -25, east: -170, north: -10 }).properties.map((p) => p.id)).toEqual([
      3, 4, 5,
    ]);
    // The same longitudes the other way round are the rest of the world.
    expect(search({ west: -179, south: -25, east: 177, north: 50 }).properties.map((p) => p.id)).toEqual([
      1, 2, 5,
    ]);
  });
});
