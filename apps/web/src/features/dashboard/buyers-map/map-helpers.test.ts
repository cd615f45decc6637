// @vitest-environment node
import { distanceMiles } from "@leadpost/shared";
import { describe, expect, it } from "vitest";
import { boundsOf, circleRing } from "./geometry";
import { mapboxUrl, mapStyleFor } from "./map-style";

describe("service-radius circles", () => {
  it("puts every point of the ring at the radius from the centre, closed", () => {
    const ring = circleRing(39.75, -104.99, 25);
    expect(ring).toHaveLength(65);
    expect(ring[0]).toEqual(ring[64]);
    for (const [lng, lat] of ring) {
      expect(
        distanceMiles({ latitude: 39.75, longitude: -104.99 }, { latitude: lat, longitude: lng }),
      ).toBeCloseTo(25, 1);
    }
  });

  it("bounds every ring", () => {
    const a = circleRing(39.75, -104.99, 10);
    const b = circleRing(40.01, -105.27, 5);
    const [[w, s], [e, n]] = boundsOf([a, b])!;
    expect(w).toBeLessThan(-105.27);
    expect(e).toBeGreaterThan(-104.99);
    expect(s).toBeLessThan(39.75);
    expect(n).toBeGreaterThan(40.01);
    expect(boundsOf([])).toBeNull();
  });
});

describe("map style", () => {
  it("loads Mapbox Streets for a Mapbox token and rewrites its resources", () => {
    const { style, transformRequest } = mapStyleFor("pk.abc");
    expect(style).toBe("https://api.mapbox.com/styles/v1/mapbox/streets-v12?access_token=pk.abc");
    expect(transformRequest!("mapbox://sprites/mapbox/streets-v12@2x.json").url).toBe(
      "https://api.mapbox.com/styles/v1/mapbox/streets-v12/sprite@2x.json?access_token=pk.abc",
    );
    expect(mapboxUrl("mapbox://fonts/mapbox/DIN Pro Medium/0-255.pbf", "pk.abc")).toBe(
      "https://api.mapbox.com/fonts/v1/mapbox/DIN Pro Medium/0-255.pbf?access_token=pk.abc",
    );
    expect(mapboxUrl("mapbox://mapbox.mapbox-streets-v8", "pk.abc")).toBe(
      "https://api.mapbox.com/v4/mapbox.mapbox-streets-v8.json?secure&access_token=pk.abc",
    );
    expect(mapboxUrl("https://tiles.example/1.pbf", "pk.abc")).toBe("https://tiles.example/1.pbf");
  });

  it("takes other tokens as a MapTiler key", () => {
    expect(mapStyleFor("k3y").style).toBe("https://api.maptiler.com/maps/streets-v2/style.json?key=k3y");
  });
});
