import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatCount } from "@/lib/utils";

type TProps = {
  title: string;
  icon: LucideIcon;
  /** A count (shown with thousands separators) or ready text such as "2:05". */
  value: number | string | undefined;
  loading?: boolean;
  error?: string | null;
  hint?: string;
  /** How a count is grouped: the company's country's (useDisplayFormat().locale); US English without one. */
  locale?: string;
};

/** One figure with its name: the dashboard tiles and the call center's metric cards. */
export function StatTile({ title, icon: Icon, value, loading = false, error = null, hint, locale }: TProps) {
  return (
    <Card className="gap-2 py-4" aria-label={title}>
      <CardHeader className="px-4">
        <CardTitle className="flex items-center justify-between gap-2 font-medium text-muted-foreground text-sm">
          {title}
          <Icon className="size-4" aria-hidden="true" />
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        {loading ? (
          <Skeleton className="h-8 w-16" />
        ) : error ? (
          <p role="alert" className="text-destructive text-xs">
            {error}
          </p>
        ) : (
          <p className="font-semibold text-2xl tabular-nums">
            {typeof value === "string" ? value : formatCount(value ?? 0, "exact", locale)}
          </p>
        )}
        {hint && !loading && !error && <p className="text-muted-foreground text-xs">{hint}</p>}
      </CardContent>
    </Card>
  );
}
