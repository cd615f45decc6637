import { createRequire } from "node:module";
import { normalizeZip } from "@leadpost/shared";
import type zipcodesModule from "zipcodes";

// The table of every zip is a large module (about 0.2 s to load): loaded on first use, or by
// preloadZipCentroids() once the server listens, not on the start-up path.
let table: typeof zipcodesModule | null = null;
const zipcodes = () => {
  table ??= createRequire(import.meta.url)("zipcodes") as typeof zipcodesModule;
  return table;
};

/** Loads the zip table now (server.ts calls it after listening, so the first lead does not wait). */
export function preloadZipCentroids(): void {
  zipcodes();
}

export type TZipLocation = { zip: string; city: string; state: string; latitude: number; longitude: number };

/** Offline US zip-code centroids: routing works with no map provider at all. */
export function lookupZip(value: string | null | undefined): TZipLocation | null {
  if (!value) return null;
  const zip = normalizeZip(value);
  if (!zip) return null;
  const found = zipcodes().lookup(zip);
  if (found?.country !== "US") return null;
  return { zip, city: found.city, state: found.state, latitude: found.latitude, longitude: found.longitude };
}
