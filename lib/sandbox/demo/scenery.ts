import 'server-only';
import type { Flora, Land, Setting } from '@/lib/sandbox/photos/scene-spec';

/*
 * The scenery of each demo area (places.ts): its landscape and vegetation, as someone who has been there
 * would draw it. An area not listed falls back on its latitude.
 */

type Scenery = [Setting, Flora, crop?: Land['crop']];

const AREAS: Record<string, Scenery> = {
  // Italy
  Tuscany: ['countryside', 'mediterranean', 'vines'],
  'Amalfi Coast': ['coast', 'mediterranean'],
  Sicily: ['coast', 'mediterranean'],
  'Lake Como': ['lake', 'mediterranean'],
  Puglia: ['countryside', 'mediterranean'],
  Sardinia: ['coast', 'mediterranean'],
  Umbria: ['countryside', 'mediterranean', 'vines'],
  Liguria: ['coast', 'mediterranean'],
  // France
  Provence: ['countryside', 'mediterranean', 'lavender'],
  "Côte d'Azur": ['coast', 'mediterranean'],
  Dordogne: ['countryside', 'temperate'],
  Brittany: ['coast', 'temperate'],
  'French Alps': ['mountains', 'alpine'],
  Corsica: ['coast', 'mediterranean'],
  Languedoc: ['countryside', 'mediterranean', 'vines'],
  // Spain
  Mallorca: ['coast', 'mediterranean'],
  Ibiza: ['coast', 'mediterranean'],
  'Costa del Sol': ['coast', 'mediterranean'],
  Andalusia: ['countryside', 'mediterranean'],
  'Costa Brava': ['coast', 'mediterranean'],
  'Canary Islands': ['coast', 'arid'],
  Menorca: ['coast', 'mediterranean'],
  // Portugal
  Algarve: ['coast', 'mediterranean'],
  'Lisbon Coast': ['coast', 'mediterranean'],
  Madeira: ['coast', 'subtropical'],
  'Douro Valley': ['countryside', 'mediterranean', 'vines'],
  Alentejo: ['countryside', 'mediterranean'],
  // Greece
  Crete: ['coast', 'mediterranean'],
  Mykonos: ['coast', 'mediterranean'],
  Santorini: ['coast', 'mediterranean'],
  Corfu: ['coast', 'mediterranean'],
  Peloponnese: ['coast', 'mediterranean'],
  Rhodes: ['coast', 'mediterranean'],
  Paros: ['coast', 'mediterranean'],
  // Croatia
  Istria: ['countryside', 'mediterranean', 'vines'],
  Dalmatia: ['coast', 'mediterranean'],
  Hvar: ['coast', 'mediterranean', 'lavender'],
  'Dubrovnik Riviera': ['coast', 'mediterranean'],
  // United Kingdom
  Cornwall: ['coast', 'temperate'],
  Cotswolds: ['countryside', 'temperate'],
  'Lake District': ['lake', 'northern'],
  'Scottish Highlands': ['mountains', 'northern'],
  Devon: ['countryside', 'temperate'],
  // Switzerland and Austria
  Valais: ['mountains', 'alpine'],
  'Bernese Oberland': ['mountains', 'alpine'],
  Graubünden: ['mountains', 'alpine'],
  Ticino: ['lake', 'temperate'],
  Tyrol: ['mountains', 'alpine'],
  'Salzburg Land': ['mountains', 'alpine'],
  Vorarlberg: ['mountains', 'alpine'],
  // Caribbean
  'West Coast': ['tropics', 'tropical'],
  'South Coast': ['tropics', 'tropical'],
  'East Coast': ['tropics', 'tropical'],
  'Montego Bay': ['tropics', 'tropical'],
  'Ocho Rios': ['tropics', 'tropical'],
  Negril: ['tropics', 'tropical'],
  Gustavia: ['tropics', 'tropical'],
  'Saint-Jean': ['tropics', 'tropical'],
  Lorient: ['tropics', 'tropical'],
  Providenciales: ['tropics', 'tropical'],
  'Grace Bay': ['tropics', 'tropical'],
  'Parrot Cay': ['tropics', 'tropical'],
  Exuma: ['tropics', 'tropical'],
  Eleuthera: ['tropics', 'tropical'],
  'Harbour Island': ['tropics', 'tropical'],
  Nassau: ['tropics', 'tropical'],
  Tortola: ['tropics', 'tropical'],
  'Virgin Gorda': ['tropics', 'tropical'],
  'Jost Van Dyke': ['tropics', 'tropical'],
  // North America
  Hawaii: ['tropics', 'tropical'],
  'Florida Keys': ['tropics', 'tropical'],
  'Cape Cod': ['coast', 'temperate'],
  Aspen: ['mountains', 'alpine'],
  'Lake Tahoe': ['lake', 'alpine'],
  'Napa Valley': ['countryside', 'mediterranean', 'vines'],
  'Outer Banks': ['coast', 'temperate'],
  'Park City': ['mountains', 'alpine'],
  Hamptons: ['coast', 'temperate'],
  'Big Sur': ['coast', 'mediterranean'],
  Whistler: ['mountains', 'alpine'],
  Muskoka: ['lake', 'northern'],
  Banff: ['mountains', 'alpine'],
  'Prince Edward Island': ['coast', 'temperate'],
  'Los Cabos': ['coast', 'arid'],
  Tulum: ['tropics', 'tropical'],
  'Puerto Vallarta': ['tropics', 'tropical'],
  'Riviera Maya': ['tropics', 'tropical'],
  'San Miguel de Allende': ['city', 'arid'],
  Guanacaste: ['tropics', 'tropical'],
  'Manuel Antonio': ['tropics', 'tropical'],
  Nosara: ['tropics', 'tropical'],
  Arenal: ['mountains', 'tropical'],
  // Asia and Pacific
  Phuket: ['tropics', 'tropical'],
  'Koh Samui': ['tropics', 'tropical'],
  Krabi: ['tropics', 'tropical'],
  'Chiang Mai': ['mountains', 'tropical'],
  'Hua Hin': ['tropics', 'tropical'],
  Bali: ['tropics', 'tropical'],
  Lombok: ['tropics', 'tropical'],
  'Gili Islands': ['tropics', 'tropical'],
  Sumba: ['tropics', 'tropical'],
  Niseko: ['mountains', 'alpine'],
  Hakuba: ['mountains', 'alpine'],
  Kyoto: ['city', 'temperate'],
  Okinawa: ['tropics', 'tropical'],
  'Byron Bay': ['coast', 'subtropical'],
  Noosa: ['coast', 'subtropical'],
  'Margaret River': ['countryside', 'mediterranean', 'vines'],
  Whitsundays: ['tropics', 'tropical'],
  'Mornington Peninsula': ['coast', 'temperate'],
  Queenstown: ['lake', 'alpine'],
  'Bay of Islands': ['coast', 'subtropical'],
  'Waiheke Island': ['coast', 'temperate', 'vines'],
  Wanaka: ['lake', 'alpine'],
  'North Malé Atoll': ['tropics', 'tropical'],
  'Baa Atoll': ['tropics', 'tropical'],
  'Ari Atoll': ['tropics', 'tropical'],
  // Africa and Middle East
  'Cape Town': ['coast', 'mediterranean'],
  Winelands: ['countryside', 'mediterranean', 'vines'],
  'Garden Route': ['coast', 'temperate'],
  Kruger: ['countryside', 'savanna'],
  Marrakech: ['city', 'arid'],
  Essaouira: ['coast', 'arid'],
  'Atlas Mountains': ['mountains', 'arid'],
  'Grand Baie': ['tropics', 'tropical'],
  'Black River': ['tropics', 'tropical'],
  'Belle Mare': ['tropics', 'tropical'],
  'Diani Beach': ['tropics', 'tropical'],
  Lamu: ['tropics', 'tropical'],
  Laikipia: ['countryside', 'savanna'],
  // South America
  Trancoso: ['tropics', 'tropical'],
  Búzios: ['tropics', 'tropical'],
  Florianópolis: ['coast', 'subtropical'],
  Paraty: ['tropics', 'tropical'],
  Mendoza: ['countryside', 'arid', 'vines'],
  Bariloche: ['lake', 'alpine'],
  Patagonia: ['mountains', 'alpine'],
  Atacama: ['desert', 'arid'],
  'Lake District|Chile': ['lake', 'temperate'],
  'Santiago Wine Valleys': ['countryside', 'mediterranean', 'vines'],
  'Punta del Este': ['coast', 'temperate'],
  'José Ignacio': ['coast', 'temperate'],
};

/** Latitude alone, for a place the table does not know. */
function byLatitude(lat: number): Scenery {
  const a = Math.abs(lat);
  if (a < 23.5) return ['tropics', 'tropical'];
  if (a < 32) return ['coast', 'subtropical'];
  if (a < 44) return ['countryside', 'mediterranean'];
  if (a < 52) return ['countryside', 'temperate'];
  return ['countryside', 'northern'];
}

/** The scenery of a place from its path (region, country, area, town) and latitude. */
export function landFor(path: readonly string[], lat: number): Land {
  const area = path[2] ?? '';
  const [setting, flora, crop = 'none'] = AREAS[`${area}|${path[1]}`] ?? AREAS[area] ?? byLatitude(lat);
  const abs = Math.round(Math.abs(lat));
  // Snow lies on the far peaks of high mountains; the Highlands and the Lake District are hills of heather.
  const snow = (setting === 'mountains' || setting === 'lake') && flora === 'alpine';
  return { setting, flora, lat: abs, snow, crop };
}
