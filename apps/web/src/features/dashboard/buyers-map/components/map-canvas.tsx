import { MAP_MESSAGES, type TBuyersMap } from "@leadpost/shared";
import { useEffect, useRef, useState } from "react";
import { boundsOf, circleRing } from "../geometry";
import { mapStyleFor } from "../map-style";
import { MAP_HEIGHT_PX, Notice } from "./map-notice";

// 001 §9: padding 50.
const FIT_PADDING = 50;

/** The buyers map itself (components/buyers-map.tsx loads it when there is a map to draw). */
export function MapCanvas({ data, token }: { data: TBuyersMap; token: string }) {
  const container = useRef<HTMLElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let cleanup = () => {};
    (async () => {
      // The map library is large: loaded only when there is a map to draw.
      const [maplibre, worker] = await Promise.all([
        import("maplibre-gl"),
        // The library looks for its worker beside its own file, which bundling moves: point it at the emitted one.
        import("maplibre-gl/dist/maplibre-gl-worker.mjs?url"),
        import("maplibre-gl/dist/maplibre-gl.css"),
      ]);
      if (disposed || !container.current) return;
      maplibre.setWorkerUrl(worker.default);
      const located = data.buyers.flatMap((b) =>
        b.latitude !== null && b.longitude !== null
          ? [{ ...b, latitude: b.latitude, longitude: b.longitude }]
          : [],
      );
      const rings = located.map((b) => circleRing(b.latitude, b.longitude, b.serviceRadius));
      const { style, transformRequest } = mapStyleFor(token);
      const instance = new maplibre.Map({
        container: container.current,
        style,
        transformRequest,
        bounds: boundsOf(rings) ?? undefined,
        fitBoundsOptions: { padding: FIT_PADDING },
        attributionControl: { compact: true },
      });
      instance.addControl(new maplibre.NavigationControl({ showCompass: false }), "top-right");
      instance.on("error", (e) => {
        // Tile hiccups are normal; only a style that cannot load at all means no map.
        if (!instance.isStyleLoaded() && !instance.loaded()) setFailed(Boolean(e.error));
      });
      instance.on("load", () => {
        instance.addSource("service-areas", {
          type: "geojson",
          data: {
            type: "FeatureCollection",
            features: rings.map((ring, i) => ({
              type: "Feature",
              properties: { name: located[i]?.name ?? "" },
              geometry: { type: "Polygon", coordinates: [ring] },
            })),
          },
        });
        instance.addLayer({
          id: "service-areas-fill",
          type: "fill",
          source: "service-areas",
          paint: { "fill-color": "#2563eb", "fill-opacity": 0.12 },
        });
        instance.addLayer({
          id: "service-areas-line",
          type: "line",
          source: "service-areas",
          paint: { "line-color": "#2563eb", "line-width": 1.5 },
        });
      });
      const markers = located.map((b) =>
        new maplibre.Marker({ color: "#2563eb" })
          .setLngLat([b.longitude, b.latitude])
          .setPopup(new maplibre.Popup({ offset: 24 }).setText(`${b.name} · ${b.serviceRadius} miles`))
          .addTo(instance),
      );
      cleanup = () => {
        for (const m of markers) m.remove();
        instance.remove();
      };
    })().catch(() => !disposed && setFailed(true));
    return () => {
      disposed = true;
      cleanup();
    };
  }, [data, token]);

  if (failed) return <Notice alert text={MAP_MESSAGES.FAILED} />;
  return (
    <section
      ref={container}
      className="w-full overflow-hidden rounded-md border"
      style={{ height: MAP_HEIGHT_PX }}
      aria-label="Map of active buyers and their service areas"
    />
  );
}
