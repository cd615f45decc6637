import type { LucideIcon } from "lucide-react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type TDashboardTilePlaceholderProps = { title: string; icon: LucideIcon; source: string };

/** A tile's frame without a number: the number comes with the feature that feeds it. */
export function DashboardTilePlaceholder({ title, icon: Icon, source }: TDashboardTilePlaceholderProps) {
  return (
    <Card className="gap-2 border-dashed py-4 shadow-none">
      <CardHeader className="px-4">
        <CardTitle className="flex items-center justify-between gap-2 font-medium text-muted-foreground text-sm">
          {title}
          <Icon className="size-4" aria-hidden="true" />
        </CardTitle>
        <CardDescription className="text-xs">Arrives with {source}</CardDescription>
      </CardHeader>
    </Card>
  );
}
