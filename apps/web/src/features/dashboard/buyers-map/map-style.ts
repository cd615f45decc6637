/**
 * The streets style for the company's map token (001 §9). A Mapbox public token ("pk.…") loads
 * Mapbox Streets, whose mapbox:// resources are rewritten to their HTTPS API addresses; any other
 * token is taken as a MapTiler key, whose Streets style the map library reads natively.
 */
export type TMapStyle = {
  style: string;
  transformRequest?: (url: string) => { url: string };
};

const MAPBOX_API = "https://api.mapbox.com";

export function isMapboxToken(token: string): boolean {
  return token.startsWith("pk.");
}

/** mapbox://… → https://api.mapbox.com/… with the token; other URLs unchanged. */
export function mapboxUrl(url: string, token: string): string {
  if (!url.startsWith("mapbox://")) return url;
  const rest = url.slice("mapbox://".length);
  const withToken = (u: string) =>
    `${u}${u.includes("?") ? "&" : "?"}access_token=${encodeURIComponent(token)}`;
  if (rest.startsWith("styles/")) return withToken(`${MAPBOX_API}/styles/v1/${rest.slice("styles/".length)}`);
  if (rest.startsWith("sprites/")) {
    // mapbox://sprites/mapbox/streets-v12@2x.png → /styles/v1/mapbox/streets-v12/sprite@2x.png
    const match = /^sprites\/([^/]+)\/([^@.?]+)(.*)$/.exec(rest);
    if (match) return withToken(`${MAPBOX_API}/styles/v1/${match[1]}/${match[2]}/sprite${match[3]}`);
  }
  if (rest.startsWith("fonts/")) return withToken(`${MAPBOX_API}/fonts/v1/${rest.slice("fonts/".length)}`);
  // Tile sources: mapbox://mapbox.mapbox-streets-v8,… → the TileJSON of those tilesets.
  return withToken(`${MAPBOX_API}/v4/${rest}.json?secure`);
}

export function mapStyleFor(token: string): TMapStyle {
  if (isMapboxToken(token)) {
    return {
      style: mapboxUrl("mapbox://styles/mapbox/streets-v12", token),
      transformRequest: (url) => ({ url: mapboxUrl(url, token) }),
    };
  }
  return { style: `https://api.maptiler.com/maps/streets-v2/style.json?key=${encodeURIComponent(token)}` };
}
