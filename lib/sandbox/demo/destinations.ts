import 'server-only';
import { FIRST_NAMES, LAST_NAMES } from './content';
import { PLACES, SOUTHERN_COUNTRIES, TOWN_PARTS } from './places';
import type { Random } from './random';
import type { DemoCatalog, Draw, Place } from './types';

/* The location tree of the demo catalog (regions, countries, areas, towns), its closure, and the agents per region. */

export interface Country {
  name: string;
  currency: string;
  language: string;
  areas: [string, number, number][];
}

/** The regions of PLACES, each with its countries and their areas (name, latitude, longitude). */
export function regionsOfPlaces(): { name: string; countries: Country[] }[] {
  const regions: { name: string; countries: Country[] }[] = [];
  for (const regionBlock of PLACES.split('\n# ').map((b) => b.replace(/^# /, '').trim())) {
    const [regionName, ...lines] = regionBlock.split('\n');
    if (!regionName) continue;
    const countries: Country[] = [];
    for (let i = 0; i < lines.length; i += 2) {
      const [name, currency, language] = (lines[i] ?? '').trim().split('|') as [string, string, string];
      countries.push({ name, currency, language, areas: areasOf(name, lines[i + 1] ?? '') });
    }
    regions.push({ name: regionName, countries });
  }
  return regions;
}

/** `Tuscany 43.35 11.02; Amalfi Coast 40.63 14.6`: areas with their coordinates (south of the equator made so). */
export function areasOf(country: string, line: string): [string, number, number][] {
  const south = SOUTHERN_COUNTRIES.has(country);
  return line
    .trim()
    .split(';')
    .map((a) => {
      const m = a.trim().match(/^(.*) (-?[\d.]+) (-?[\d.]+)$/);
      if (!m) throw new Error(`Bad area line: ${a}`);
      const lat = Number(m[2]);
      return [m[1]!, south && lat > 0 ? -lat : lat, Number(m[3])] as [string, number, number];
    });
}

/**
 * Locations: region → country → area → town (some areas have no towns: a three-level branch), and the
 * closure of every location with its ancestors. Returns the leaves, where properties are placed.
 */
export function locationRows(
  { rng }: Draw,
  out: Pick<DemoCatalog, 'locations' | 'location_closure'>,
): Place[] {
  const leaves: Place[] = [];
  const ancestors = new Map<number, number[]>();
  let nextLocationId = 1;
  const addLocation = (
    name: string,
    parent: Place | null,
    lat: number,
    lon: number,
    currency = '',
    language = '',
  ) => {
    const id = nextLocationId++;
    const place: Place = {
      id,
      name,
      path: parent ? [...parent.path, name] : [name],
      regionId: parent ? parent.regionId : id,
      lat,
      lon,
      currency: currency || parent?.currency || '',
      language: language || parent?.language || '',
    };
    out.locations.push({
      id,
      parent_id: parent?.id ?? null,
      name,
      path: place.path,
      depth: place.path.length,
      region_id: place.regionId,
      latitude: Math.round(lat * 1e4) / 1e4,
      longitude: Math.round(lon * 1e4) / 1e4,
    });
    ancestors.set(id, [...(parent ? (ancestors.get(parent.id) ?? []) : []), id]);
    return place;
  };

  for (const { name: regionName, countries } of regionsOfPlaces()) {
    const all = countries.flatMap((c) => c.areas);
    const region = addLocation(regionName, null, mean(all.map((a) => a[1])), mean(all.map((a) => a[2])));
    for (const c of countries) {
      const country = addLocation(
        c.name,
        region,
        mean(c.areas.map((a) => a[1])),
        mean(c.areas.map((a) => a[2])),
        c.currency,
        c.language,
      );
      for (const [areaName, lat, lon] of c.areas) {
        const area = addLocation(areaName, country, lat, lon);
        const towns = townNames(rng, c.language);
        if (towns.length === 0) leaves.push(area);
        for (const townName of towns) {
          leaves.push(
            addLocation(townName, area, lat + (rng.next() - 0.5) * 0.3, lon + (rng.next() - 0.5) * 0.3),
          );
        }
      }
    }
  }
  for (const [locationId, chain] of ancestors) {
    for (const ancestorId of chain)
      out.location_closure.push({ ancestor_id: ancestorId, location_id: locationId });
  }
  return leaves;
}

/** The towns of an area, in the country's language: none in about one area of ten, else 3 to 7. */
export function townNames(rng: Random, language: string): string[] {
  const townCount = rng.chance(0.1) ? 0 : rng.int(3, 7);
  const names = new Set<string>();
  const parts = TOWN_PARTS[language] ?? TOWN_PARTS.en!;
  while (names.size < townCount) {
    const joiner = parts.joiner ?? ' ';
    names.add(`${rng.pick(parts.first)}${joiner}${rng.pick(parts.second)}`);
  }
  return [...names];
}

/** Agents: three per region. */
export function agentRows({ rng }: Draw, locations: DemoCatalog['locations']): DemoCatalog['agents'] {
  const agents: DemoCatalog['agents'] = [];
  let agentId = 1;
  for (const region of locations.filter((l) => l.parent_id === null)) {
    for (let i = 0; i < 3; i++) {
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      agents.push({
        id: agentId,
        first_name: first,
        last_name: last,
        email: `${ascii(first)}.${ascii(last)}@reservations.example.com`,
        phone: `+1 305 555 01${String(agentId).padStart(2, '0')}`,
        extension: String(200 + agentId),
        region_id: region.id,
        active: true,
      });
      agentId++;
    }
  }
  return agents;
}

export function mean(values: number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

export function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
