import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

type TProps = {
  title: string;
  icon: LucideIcon;
  value: number | undefined;
  loading: boolean;
  error: string | null;
};

/** A dashboard tile with a count (001 §2 Dashboard home). */
export function DashboardCountTile({ title, icon: Icon, value, loading, error }: TProps) {
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
          <p className="font-semibold text-2xl tabular-nums">{(value ?? 0).toLocaleString()}</p>
        )}
      </CardContent>
    </Card>
  );
}
