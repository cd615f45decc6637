import { KM_PER_MILE } from "@leadpost/shared";

const EARTH_RADIUS_KM = 6371.0088;
const toRad = (d: number) => (d * Math.PI) / 180;
const toDeg = (r: number) => (r * 180) / Math.PI;

export type TLngLat = [number, number];

/**
 * A closed ring approximating the circle of `radiusMiles` around a point on the sphere (001 §9:
 * km = miles × 1.60934), as GeoJSON [lng, lat] pairs. The map library draws no geodesic circles itself.
 */
export function circleRing(latitude: number, longitude: number, radiusMiles: number, steps = 64): TLngLat[] {
  const angular = (radiusMiles * KM_PER_MILE) / EARTH_RADIUS_KM;
  const lat1 = toRad(latitude);
  const lng1 = toRad(longitude);
  const ring: TLngLat[] = [];
  for (let i = 0; i < steps; i++) {
    const bearing = (2 * Math.PI * i) / steps;
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing),
    );
    const lng2 =
      lng1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
        Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
      );
    ring.push([((toDeg(lng2) + 540) % 360) - 180, toDeg(lat2)]);
  }
  ring.push(ring[0] as TLngLat);
  return ring;
}

/** South-west and north-east corners around every ring, for fitting the view. */
export function boundsOf(rings: TLngLat[][]): [TLngLat, TLngLat] | null {
  const points = rings.flat();
  if (points.length === 0) return null;
  let [minLng, minLat] = points[0] as TLngLat;
  let [maxLng, maxLat] = [minLng, minLat];
  for (const [lng, lat] of points) {
    minLng = Math.min(minLng, lng);
    maxLng = Math.max(maxLng, lng);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  return [
    [minLng, minLat],
    [maxLng, maxLat],
  ];
}
