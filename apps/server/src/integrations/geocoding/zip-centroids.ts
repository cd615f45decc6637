import { normalizeZip } from "@leadpost/shared";
import zipcodes from "zipcodes";

export type TZipLocation = { zip: string; city: string; state: string; latitude: number; longitude: number };

/** Offline US zip-code centroids: routing works with no map provider at all. */
export function lookupZip(value: string | null | undefined): TZipLocation | null {
  if (!value) return null;
  const zip = normalizeZip(value);
  if (!zip) return null;
  const found = zipcodes.lookup(zip);
  if (found?.country !== "US") return null;
  return { zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude };
}
