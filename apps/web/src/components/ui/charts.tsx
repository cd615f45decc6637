// Two small SVG charts for the Analytics tab: enough to read at a glance, with the numbers in text too.

const COLORS = ["#2563eb", "#16a34a", "#f59e0b", "#dc2626", "#7c3aed", "#0891b2", "#64748b"];

export function colorAt(index: number): string {
  return COLORS[index % COLORS.length] ?? "#64748b";
}

/** Calls by source as a donut, with a legend that carries the numbers. */
export function SourcePie({ slices }: { slices: { source: string; calls: number }[] }) {
  return (
    <DonutChart
      label="Calls by source"
      slices={slices.map((s) => {
        const name = s.source.replace("_", " ");
        return { name: name.charAt(0).toUpperCase() + name.slice(1), value: s.calls };
      })}
    />
  );
}

/** Shares of a whole as a donut; the legend carries each number and its share. */
export function DonutChart({ label, slices }: { label: string; slices: { name: string; value: number }[] }) {
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const radius = 15.915; // a circumference of 100, so dash lengths are percentages
  let offset = 25;
  const percent = (value: number) => (total ? Math.round((value / total) * 100) : 0);
  return (
    <div className="flex flex-wrap items-center gap-6">
      <svg viewBox="0 0 42 42" className="size-36 shrink-0" role="img" aria-label={label}>
        <circle cx="21" cy="21" r={radius} fill="none" className="stroke-muted" strokeWidth="6" />
        {slices.map((slice, i) => {
          const share = total ? (slice.value / total) * 100 : 0;
          const circle = (
            <circle
              key={slice.name}
              cx="21"
              cy="21"
              r={radius}
              fill="none"
              stroke={colorAt(i)}
              strokeWidth="6"
              strokeDasharray={`${share} ${100 - share}`}
              strokeDashoffset={offset}
            >
              <title>{`${slice.name}: ${slice.value} (${percent(slice.value)}%)`}</title>
            </circle>
          );
          offset -= share;
          return circle;
        })}
      </svg>
      <ul className="grid min-w-0 gap-1.5 text-sm">
        {slices.map((slice, i) => (
          <li key={slice.name} className="flex min-w-0 items-center gap-2">
            <span
              className="size-3 shrink-0 rounded-sm"
              style={{ backgroundColor: colorAt(i) }}
              aria-hidden="true"
            />
            <span className="truncate">{slice.name}</span>
            <span className="text-muted-foreground tabular-nums">
              {slice.value} ({percent(slice.value)}%)
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Named amounts as horizontal bars, largest first as given; each row reads as text too. */
export function BarList({
  items,
  format = String,
}: {
  items: { name: string; value: number }[];
  format?: (n: number) => string;
}) {
  const max = Math.max(1, ...items.map((i) => i.value));
  return (
    <ul className="grid gap-2 text-sm">
      {items.map((item, i) => (
        <li key={item.name} className="grid gap-1" title={`${item.name}: ${format(item.value)}`}>
          <div className="flex justify-between gap-3">
            <span className="truncate">{item.name}</span>
            <span className="text-muted-foreground tabular-nums">{format(item.value)}</span>
          </div>
          <div className="h-2 rounded-full bg-muted" aria-hidden="true">
            <div
              className="h-2 rounded-full"
              style={{ width: `${(item.value / max) * 100}%`, backgroundColor: colorAt(i) }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Calls per day as bars; each bar's title gives its date and count. */
export function DailyBars({ days }: { days: { date: string; calls: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.calls));
  const width = 100 / Math.max(1, days.length);
  return (
    <div>
      <svg
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="h-40 w-full"
        role="img"
        aria-label="Calls per day"
      >
        {days.map((d, i) => {
          const h = (d.calls / max) * 36;
          return (
            <rect
              key={d.date}
              x={i * width + width * 0.15}
              y={40 - h}
              width={width * 0.7}
              height={h}
              rx="0.5"
              className="fill-primary"
            >
              <title>{`${d.date}: ${d.calls} call${d.calls === 1 ? "" : "s"}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-muted-foreground text-xs">
        <span>{days[0]?.date}</span>
        <span>{days.at(-1)?.date}</span>
      </div>
    </div>
  );
}
