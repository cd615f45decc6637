// 001 §9: 400 px high.
export const MAP_HEIGHT_PX = 400;

/** What the map's card shows instead of a map: why there is none, or that it failed. */
export function Notice({ text, alert = false }: { text: string; alert?: boolean }) {
  return (
    <div
      role={alert ? "alert" : "status"}
      className="flex items-center justify-center rounded-md bg-muted/50 text-muted-foreground text-sm"
      style={{ height: MAP_HEIGHT_PX / 2 }}
    >
      {text}
    </div>
  );
}
