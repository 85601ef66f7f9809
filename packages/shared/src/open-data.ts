// The open-data feed of every request without personal data (decision 0039): its columns,
// shared by the API that writes them and the page that describes them.

/** The CSV header and the GeoJSON properties, in this order (the location is the geometry there). */
export const OPEN_DATA_COLUMNS = [
  'id',
  'problem_type',
  'status',
  'company',
  'district',
  'city',
  'latitude',
  'longitude',
  'created_at',
  'closed_at',
  'duplicate_of',
  // The citizen's rating, 1–5, empty when none; never its comment (decision 0050).
  'rating',
] as const;
export type OpenDataColumn = (typeof OPEN_DATA_COLUMNS)[number];

/** Decimals kept of a coordinate: 0.001° is about 110 m of latitude, a block, not a doorstep. */
export const OPEN_DATA_DECIMALS = 3;

/** A coordinate on the feed's grid, as text ("-30.028"); never "-0.000". */
export function roundCoordinate(value: string | number): string {
  const text = Number(value).toFixed(OPEN_DATA_DECIMALS);
  return Number(text) === 0 ? (0).toFixed(OPEN_DATA_DECIMALS) : text;
}

export const OPEN_DATA_PATHS = {
  csv: '/api/open-data/requests.csv',
  geojson: '/api/open-data/requests.geojson',
} as const;
