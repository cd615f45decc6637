// Intl formatters are costly to build (tens of microseconds each) and the same few are asked for over and
// over (a list of dates, routing's clock for every capped buyer): one per key, built once.
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export function cachedFormat<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = formats.get(key) as T | undefined;
  if (!f) {
    f = make();
    formats.set(key, f);
  }
  return f;
}

const zones = new Map<string, boolean>();

/** `zone` when Intl knows it (an IANA name such as America/Denver), else `fallback`; checked once per name. */
export function zoneOr(zone: string, fallback: string): string {
  let known = zones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    // Names come from stored rows and forms: bounded in practice, but never let a flood of bad ones grow it.
    if (zones.size < 1000) zones.set(zone, known);
  }
  return known ? zone : fallback;
}
