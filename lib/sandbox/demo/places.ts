import 'server-only';

/**
 * Real regions, countries and areas with their coordinates; towns beneath the areas are generated
 * (see towns.ts). Format of an area line: `Name lat lon`. A country: `Name|CURRENCY|language`.
 */
export const PLACES = `
# Europe
Italy|EUR|it
  Tuscany 43.35 11.02; Amalfi Coast 40.63 14.60; Sicily 37.60 14.02; Lake Como 45.99 9.26; Puglia 40.79 17.10; Sardinia 40.12 9.01; Umbria 42.94 12.62; Liguria 44.31 8.48
France|EUR|fr
  Provence 43.95 5.80; Côte d'Azur 43.70 7.10; Dordogne 44.89 0.71; Brittany 48.20 -2.93; French Alps 45.92 6.87; Corsica 42.04 9.01; Languedoc 43.59 3.26
Spain|EUR|es
  Mallorca 39.62 2.99; Ibiza 38.98 1.43; Costa del Sol 36.51 -4.88; Andalusia 37.39 -5.98; Costa Brava 41.89 3.18; Canary Islands 28.29 -16.63; Menorca 39.95 4.11
Portugal|EUR|pt
  Algarve 37.09 -8.25; Lisbon Coast 38.70 -9.42; Madeira 32.76 -16.96; Douro Valley 41.16 -7.79; Alentejo 38.57 -7.91
Greece|EUR|el
  Crete 35.24 24.81; Mykonos 37.45 25.33; Santorini 36.39 25.46; Corfu 39.62 19.92; Peloponnese 37.51 22.37; Rhodes 36.43 28.22; Paros 37.08 25.15
Croatia|EUR|hr
  Istria 45.24 13.94; Dalmatia 43.51 16.44; Hvar 43.17 16.44; Dubrovnik Riviera 42.65 18.09
United Kingdom|GBP|en
  Cornwall 50.27 -5.05; Cotswolds 51.83 -1.83; Lake District 54.46 -3.09; Scottish Highlands 57.12 -4.71; Devon 50.72 -3.53
Switzerland|CHF|de
  Valais 46.19 7.54; Bernese Oberland 46.63 7.86; Graubünden 46.66 9.58; Ticino 46.33 8.80
Austria|EUR|de
  Tyrol 47.25 11.60; Salzburg Land 47.41 13.22; Vorarlberg 47.25 9.90
# Caribbean
Barbados|USD|en
  West Coast 13.19 -59.64; South Coast 13.07 -59.53; East Coast 13.20 -59.52
Jamaica|USD|en
  Montego Bay 18.47 -77.92; Ocho Rios 18.41 -77.10; Negril 18.27 -78.35
St. Barthélemy|EUR|fr
  Gustavia 17.90 -62.85; Saint-Jean 17.90 -62.83; Lorient 17.91 -62.81
Turks and Caicos|USD|en
  Providenciales 21.79 -72.27; Grace Bay 21.80 -72.18; Parrot Cay 21.93 -72.05
Bahamas|USD|en
  Exuma 23.62 -75.97; Eleuthera 25.11 -76.14; Harbour Island 25.50 -76.64; Nassau 25.05 -77.35
British Virgin Islands|USD|en
  Tortola 18.43 -64.62; Virgin Gorda 18.45 -64.40; Jost Van Dyke 18.45 -64.75
# North America
United States|USD|en
  Hawaii 20.80 -156.33; Florida Keys 24.66 -81.54; Cape Cod 41.67 -70.30; Aspen 39.19 -106.82; Lake Tahoe 39.10 -120.03; Napa Valley 38.50 -122.27; Outer Banks 35.56 -75.47; Park City 40.65 -111.50; Hamptons 40.96 -72.18; Big Sur 36.27 -121.81
Canada|CAD|en
  Whistler 50.12 -122.95; Muskoka 45.04 -79.31; Banff 51.18 -115.57; Prince Edward Island 46.51 -63.42
Mexico|MXN|es
  Los Cabos 22.89 -109.91; Tulum 20.21 -87.47; Puerto Vallarta 20.65 -105.23; Riviera Maya 20.63 -87.08; San Miguel de Allende 20.91 -100.74
Costa Rica|USD|es
  Guanacaste 10.63 -85.44; Manuel Antonio 9.39 -84.14; Nosara 9.98 -85.65; Arenal 10.46 -84.70
# Asia and Pacific
Thailand|THB|th
  Phuket 7.88 98.39; Koh Samui 9.51 100.01; Krabi 8.09 98.91; Chiang Mai 18.79 98.98; Hua Hin 12.57 99.96
Indonesia|USD|id
  Bali 8.41 115.19; Lombok 8.65 116.32; Gili Islands 8.35 116.04; Sumba 9.65 119.96
Japan|JPY|ja
  Niseko 42.80 140.69; Hakuba 36.70 137.86; Kyoto 35.01 135.77; Okinawa 26.21 127.68
Australia|AUD|en
  Byron Bay 28.64 153.61; Noosa 26.39 153.09; Margaret River 33.95 115.07; Whitsundays 20.28 148.72; Mornington Peninsula 38.37 144.95
New Zealand|NZD|en
  Queenstown 45.03 168.66; Bay of Islands 35.23 174.12; Waiheke Island 36.80 175.10; Wanaka 44.70 169.13
Maldives|USD|en
  North Malé Atoll 4.42 73.50; Baa Atoll 5.12 73.05; Ari Atoll 3.86 72.83
# Africa and Middle East
South Africa|ZAR|en
  Cape Town 33.92 18.42; Winelands 33.93 18.86; Garden Route 34.03 23.05; Kruger 24.01 31.49
Morocco|EUR|fr
  Marrakech 31.63 -7.99; Essaouira 31.51 -9.77; Atlas Mountains 31.06 -7.92
Mauritius|EUR|fr
  Grand Baie 20.01 57.58; Black River 20.36 57.37; Belle Mare 20.19 57.77
Kenya|USD|en
  Diani Beach -4.32 39.58; Lamu -2.27 40.90; Laikipia 0.36 36.78
# South America
Brazil|USD|pt
  Trancoso 16.59 -39.10; Búzios 22.75 -41.88; Florianópolis 27.59 -48.55; Paraty 23.22 -44.72
Argentina|USD|es
  Mendoza 32.89 -68.83; Bariloche 41.13 -71.31; Patagonia 50.34 -72.26
Chile|USD|es
  Atacama 22.91 -68.20; Lake District 41.32 -72.98; Santiago Wine Valleys 33.64 -70.57
Uruguay|USD|es
  Punta del Este 34.96 -54.94; José Ignacio 34.84 -54.63
`;

/** Latitudes of these countries' areas are written without their sign above: all of them lie south. */
export const SOUTHERN_COUNTRIES = new Set([
  'Indonesia',
  'Australia',
  'New Zealand',
  'South Africa',
  'Mauritius',
  'Brazil',
  'Argentina',
  'Chile',
  'Uruguay',
]);

/** How much a night costs here relative to the catalog's base, in the local currency's units per USD. */
export const PRICE_LEVEL: Record<string, number> = {
  EUR: 0.92,
  USD: 1,
  GBP: 0.79,
  CHF: 0.88,
  CAD: 1.36,
  MXN: 17,
  THB: 35,
  JPY: 150,
  AUD: 1.52,
  NZD: 1.65,
  ZAR: 18.5,
};

/** Syllables for generated town names, by the country's language. */
export const TOWN_PARTS: Record<string, { first: string[]; second: string[]; joiner?: string }> = {
  it: {
    first: [
      'San',
      'Santa',
      'Monte',
      'Castel',
      'Porto',
      'Borgo',
      'Torre',
      'Poggio',
      'Marina di',
      'Villa',
      'Pieve',
      'Colle',
    ],
    second: [
      'Lucia',
      'Vento',
      'Rosa',
      'Alto',
      'Fiore',
      'Sole',
      'Mare',
      'Lago',
      'Verde',
      'Chiara',
      'Bella',
      'Oliva',
      'Serena',
      'Pietra',
    ],
  },
  es: {
    first: [
      'San',
      'Santa',
      'Playa',
      'Cala',
      'Puerto',
      'Villa',
      'Costa',
      'Sierra',
      'Punta',
      'Valle',
      'Río',
      'Isla',
    ],
    second: [
      'Blanca',
      'Sol',
      'Dorada',
      'Luz',
      'Verde',
      'Marina',
      'Alta',
      'Brava',
      'Rosa',
      'Palma',
      'Vista',
      'Clara',
      'Serena',
      'Mar',
    ],
  },
  fr: {
    first: [
      'Saint',
      'Sainte',
      'Port',
      'Mont',
      'Val',
      'Cap',
      'Bourg',
      'Beau',
      'Pointe',
      'Anse',
      'Villers',
      'Roche',
    ],
    second: [
      'Clair',
      'Soleil',
      'Rivière',
      'Pins',
      'Roches',
      'Fleurs',
      'Vignes',
      'Lune',
      'Bois',
      'Sable',
      'Marin',
      'Azur',
      'Doré',
      'Vent',
    ],
    joiner: '-',
  },
  pt: {
    first: [
      'São',
      'Santa',
      'Praia',
      'Porto',
      'Vila',
      'Monte',
      'Serra',
      'Ponta',
      'Vale',
      'Costa',
      'Barra',
      'Ilha',
    ],
    second: [
      'Verde',
      'Sol',
      'Mar',
      'Luz',
      'Brava',
      'Alta',
      'Branca',
      'Dourada',
      'Rosa',
      'Clara',
      'Nova',
      'Serena',
      'Azul',
      'Palma',
    ],
  },
  el: {
    first: [
      'Agios',
      'Agia',
      'Kato',
      'Ano',
      'Palaio',
      'Neo',
      'Porto',
      'Kalo',
      'Megalo',
      'Mikro',
      'Ormos',
      'Akti',
    ],
    second: [
      'Nikolaos',
      'Georgios',
      'Marina',
      'Chorio',
      'Livadi',
      'Pyrgos',
      'Limani',
      'Kampos',
      'Elia',
      'Petra',
      'Thea',
      'Ammos',
      'Vrysi',
      'Gialos',
    ],
  },
  hr: {
    first: [
      'Sveti',
      'Stari',
      'Novi',
      'Gornji',
      'Donji',
      'Mali',
      'Veli',
      'Sutivan',
      'Uvala',
      'Rt',
      'Luka',
      'Vela',
    ],
    second: [
      'Grad',
      'Jakov',
      'Vid',
      'Lovreč',
      'Petar',
      'Kamen',
      'Borik',
      'Duga',
      'Plaža',
      'Maslina',
      'Bor',
      'Vrh',
      'Zaton',
      'Draga',
    ],
  },
  en: {
    first: [
      'North',
      'South',
      'East',
      'West',
      'Little',
      'Great',
      'Upper',
      'Lower',
      'Old',
      'New',
      'Port',
      'Saint',
    ],
    second: [
      'Haven',
      'Bay',
      'Harbour',
      'Ridge',
      'Cove',
      'Point',
      'Creek',
      'Falls',
      'Springs',
      'Meadow',
      'Sands',
      'Hill',
      'Brook',
      'Reef',
    ],
  },
  de: {
    first: [
      'Ober',
      'Unter',
      'Alt',
      'Neu',
      'Sankt',
      'Hinter',
      'Vorder',
      'Klein',
      'Groß',
      'Hoch',
      'Mittel',
      'Bad',
    ],
    second: [
      'dorf',
      'berg',
      'tal',
      'au',
      'brunn',
      'feld',
      'wald',
      'alm',
      'see',
      'bach',
      'stein',
      'hof',
      'egg',
      'matt',
    ],
    joiner: '',
  },
  th: {
    first: ['Ban', 'Hat', 'Ao', 'Laem', 'Ko', 'Khao', 'Mae', 'Nong', 'Bang', 'Thung', 'Chong', 'Tha'],
    second: [
      'Kata',
      'Yai',
      'Noi',
      'Thong',
      'Sai',
      'Phraya',
      'Nam',
      'Rawai',
      'Lamai',
      'Mai',
      'Kham',
      'Chalong',
      'Son',
      'Pla',
    ],
  },
  id: {
    first: [
      'Desa',
      'Pantai',
      'Tanjung',
      'Bukit',
      'Ubud',
      'Batu',
      'Sungai',
      'Gunung',
      'Teluk',
      'Pura',
      'Taman',
      'Kampung',
    ],
    second: [
      'Indah',
      'Sari',
      'Mas',
      'Jaya',
      'Asri',
      'Bulan',
      'Laut',
      'Bali',
      'Permai',
      'Putih',
      'Tirta',
      'Kembang',
      'Biru',
      'Raya',
    ],
  },
  ja: {
    first: [
      'Higashi',
      'Nishi',
      'Kita',
      'Minami',
      'Kami',
      'Shimo',
      'Naka',
      'Shin',
      'Oka',
      'Hama',
      'Yama',
      'Mori',
    ],
    second: [
      'machi',
      'mura',
      'hama',
      'yama',
      'kawa',
      'zawa',
      'dai',
      'shima',
      'hara',
      'saki',
      'no',
      'oka',
      'tani',
      'sato',
    ],
    joiner: '',
  },
};
