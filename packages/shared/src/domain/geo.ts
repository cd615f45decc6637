const EARTH_RADIUS_MILES = 3958.7613;
export const KM_PER_MILE = 1.60934;

export type TLatLng = { latitude: number; longitude: number };

/** Great-circle (haversine) distance in miles between two points. */
export function distanceMiles(a: TLatLng, b: TLatLng): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Five digits, optionally a dash and four more (001 §5). */
export const US_ZIP_PATTERN = /^\d{5}(?:-\d{4})?$/;

export function normalizeZip(value: string): string | null {
  const trimmed = value.trim();
  return US_ZIP_PATTERN.test(trimmed) ? trimmed.slice(0, 5) : null;
}
