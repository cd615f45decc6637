/** "Mountain Standard Time" for America/Denver: the zone's own long name, without the settings' list. */
export function zoneName(zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "long" }).formatToParts(
      new Date(0),
    );
    return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
  } catch {
    return zone;
  }
}
