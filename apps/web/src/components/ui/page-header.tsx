import type * as React from "react";
import { useDocumentTitle } from "@/lib/use-document-title";

type TPageHeaderProps = {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
};

/** A screen's heading; also sets the tab title. */
export function PageHeader({ title, description, actions }: TPageHeaderProps) {
  useDocumentTitle(title);
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="space-y-1">
        <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        {description && <p className="text-muted-foreground text-sm">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
    </div>
  );
}
