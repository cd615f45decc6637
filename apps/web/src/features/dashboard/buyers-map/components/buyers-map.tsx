import { MAP_MESSAGES } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { Map as MapIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";
import { buyersMapQueryKey, fetchBuyersMap } from "../api";
import { MAP_HEIGHT_PX, Notice } from "./map-notice";

// The drawing code (geometry, style, the map itself) loads with the map library, only when there is a map
// to draw; a skeleton of the map's size holds its place meanwhile.
const MapCanvas = lazy(async () => ({ default: (await import("./map-canvas")).MapCanvas }));

/**
 * "Active Lead Buyers Map" of the dashboard home: a marker at each active buyer's zip and a circle of
 * its service radius. Without a map token it is hidden silently (001 §2).
 */
export function BuyersMap() {
  const map = useQuery({ queryKey: buyersMapQueryKey, queryFn: ({ signal }) => fetchBuyersMap(signal) });
  if (map.isSuccess && !map.data.mapToken) return null;

  let body: React.ReactNode;
  if (map.isPending) body = <Skeleton className="w-full" style={{ height: MAP_HEIGHT_PX }} />;
  else if (map.isError)
    body = (
      <Notice
        alert
        text={isApiError(map.error) && map.error.status === 401 ? MAP_MESSAGES.LOGIN : MAP_MESSAGES.FAILED}
      />
    );
  else if (map.data.buyers.length === 0) body = <Notice text={MAP_MESSAGES.NO_BUYERS} />;
  else if (!map.data.buyers.some((b) => b.latitude !== null && b.longitude !== null))
    body = <Notice text={MAP_MESSAGES.NO_LOCATIONS} />;
  else
    body = (
      <Suspense fallback={<Skeleton className="w-full" style={{ height: MAP_HEIGHT_PX }} />}>
        <MapCanvas data={map.data} token={map.data.mapToken as string} />
      </Suspense>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Active Lead Buyers Map
        </CardTitle>
        <CardDescription>
          Each active buyer at its ZIP code, with the circle of its service radius.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
