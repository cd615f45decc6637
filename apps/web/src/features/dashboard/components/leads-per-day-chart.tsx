import type { TBusinessOverview } from "@leadpost/shared";

type TDay = TBusinessOverview["daily"][number];

const dayLabel = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString(undefined, {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

/**
 * Leads per day as bars (the sold part darker) with calls as a line over them; each day's column
 * names its figures on hover.
 */
export function LeadsPerDayChart({ daily }: { daily: TDay[] }) {
  const max = Math.max(1, ...daily.map((d) => Math.max(d.leads, d.calls)));
  const width = 100 / Math.max(1, daily.length);
  const y = (n: number) => 40 - (n / max) * 36;
  const line = daily.map((d, i) => `${i === 0 ? "M" : "L"}${i * width + width / 2},${y(d.calls)}`).join(" ");
  return (
    <div>
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="h-48 w-full">
        {daily.map((d, i) => {
          const x = i * width + width * 0.15;
          const w = width * 0.7;
          return (
            <g key={d.date}>
              <title>{`${dayLabel(d.date)}: ${d.leads} lead${d.leads === 1 ? "" : "s"}, ${d.sold} sold, ${d.calls} call${d.calls === 1 ? "" : "s"}`}</title>
              <rect x={i * width} y={0} width={width} height={40} fill="transparent" />
              <rect
                x={x}
                y={y(d.leads)}
                width={w}
                height={40 - y(d.leads)}
                rx="0.4"
                className="fill-primary/35"
              />
              <rect x={x} y={y(d.sold)} width={w} height={40 - y(d.sold)} rx="0.4" className="fill-primary" />
            </g>
          );
        })}
        <path d={line} fill="none" stroke="#f59e0b" strokeWidth="0.6" vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="mt-1 flex justify-between text-muted-foreground text-xs">
        <span>{daily[0] ? dayLabel(daily[0].date) : ""}</span>
        <span>{daily.at(-1) ? dayLabel(daily.at(-1)!.date) : ""}</span>
      </div>
      <ul className="mt-2 flex flex-wrap gap-4 text-muted-foreground text-xs">
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary/35" aria-hidden="true" /> Leads
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm bg-primary" aria-hidden="true" /> Sold
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-3 bg-amber-500" aria-hidden="true" /> Calls
        </li>
      </ul>
    </div>
  );
}
