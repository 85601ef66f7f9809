// A poles file as GeoJSON: a FeatureCollection of Points, each feature's properties found by
// their names and read into a pole or its issues, numbered by the feature's place.
import { AppError } from '../../lib/errors.ts';
import { altitudeAdjustment } from './poles-import.adjustments.ts';
import {
  type Collector,
  type Field,
  fieldOf,
  headerKey,
  type ParsedPole,
  type ReadRows,
  readPole,
} from './poles-import.rows.ts';

export function readGeoJson(text: string, issues: Collector): ReadRows {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new AppError('admin-poles.poles.import.errors.jsonUnreadable', 400);
  }
  const collection = document as { type?: unknown; features?: unknown } | null;
  if (
    typeof collection !== 'object' ||
    collection === null ||
    collection.type !== 'FeatureCollection' ||
    !Array.isArray(collection.features)
  ) {
    throw new AppError('admin-poles.poles.import.errors.notFeatureCollection', 400);
  }
  if (collection.features.length === 0) throw new AppError('admin-poles.poles.import.errors.noFeatures', 400);
  const poles: ParsedPole[] = [];
  for (const [index, item] of collection.features.entries()) {
    const row = index + 1;
    const feature = item as { type?: unknown; geometry?: unknown; properties?: unknown } | null;
    if (typeof feature !== 'object' || feature === null || feature.type !== 'Feature') {
      issues.add({ row, field: 'type', key: 'admin-poles.poles.import.rowErrors.notFeature' });
      continue;
    }
    const geometry = feature.geometry as { type?: unknown; coordinates?: unknown } | null;
    const coordinates = geometry?.coordinates;
    if (
      geometry?.type !== 'Point' ||
      !Array.isArray(coordinates) ||
      coordinates.length < 2 ||
      typeof coordinates[0] !== 'number' ||
      typeof coordinates[1] !== 'number'
    ) {
      issues.add({ row, field: 'geometry', key: 'admin-poles.poles.import.rowErrors.notPoint' });
      continue;
    }
    const properties =
      typeof feature.properties === 'object' && feature.properties !== null
        ? (feature.properties as Record<string, unknown>)
        : {};
    const names = new Map<Field, string>();
    for (const name of Object.keys(properties)) {
      const field = fieldOf.get(headerKey(name));
      if (field && !names.has(field)) names.set(field, name);
    }
    // Number, street and description go untrimmed: readPole trims them and lists what it changed.
    const value = (field: Field, trim = true): string | undefined => {
      const name = names.get(field);
      if (name === undefined) return undefined;
      const raw = properties[name];
      if (raw === null || raw === undefined) return '';
      if (typeof raw === 'boolean') return raw ? 'true' : 'false';
      return trim ? String(raw).trim() : String(raw);
    };
    const [longitude, latitude] = coordinates as [number, number];
    const pole = readPole(
      row,
      issues,
      (field) => names.get(field) ?? (field === 'latitude' || field === 'longitude' ? 'geometry' : field),
      {
        number: value('number', false),
        latitude,
        longitude,
        latitudeText: String(latitude),
        longitudeText: String(longitude),
        street: value('street', false),
        description: value('description', false),
        active: value('active'),
      },
    );
    if (!pole) continue;
    const altitude = altitudeAdjustment(row, coordinates);
    if (altitude) pole.adjustments = [...(pole.adjustments ?? []), altitude];
    poles.push(pole);
  }
  return { poles, numberField: 'numero' };
}
