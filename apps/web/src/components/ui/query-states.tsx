import type { UseQueryResult } from "@tanstack/react-query";
import { CircleAlert, type LucideIcon, RefreshCw } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";

export function EmptyState({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-8 text-center">
      <div className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </div>
      <p className="font-medium">{title}</p>
      {children && <div className="text-muted-foreground text-sm">{children}</div>}
    </div>
  );
}

/** A failed load: the server's message, its request id for support, and a retry. */
export function ErrorState({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const message = error instanceof Error ? error.message : undefined;
  const requestId = isApiError(error) ? error.requestId : undefined;
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-2 rounded-lg border border-destructive/40 p-6 text-center"
    >
      <CircleAlert className="size-5 text-destructive" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      {message && <p className="text-muted-foreground text-sm">{message}</p>}
      {requestId && <p className="text-muted-foreground text-xs">Request ID: {requestId}</p>}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      )}
    </div>
  );
}

/** Loading skeleton, or the failure with a retry, or the content once the query's data is here. */
export function QueryState<T>({
  query,
  label,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is loading, for screen readers. */
  label: string;
  /** The failure's title, e.g. "Failed to load agents". */
  failure: string;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label={label}>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return <ErrorState title={failure} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

/** The dashed card a list shows while it is empty. */
export function EmptyCard({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Card className="border-dashed">
      <CardHeader className="items-center text-center">
        <CardTitle>{title}</CardTitle>
        {children && <CardDescription>{children}</CardDescription>}
      </CardHeader>
    </Card>
  );
}
