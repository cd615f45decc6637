import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** Loading skeleton, or the failure with a retry, or the tab's content once its data is here. */
export function QueryState<T>({
  query,
  label,
  failure,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  failure: string;
  children: (data: T) => ReactNode;
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
    return (
      <Card role="alert">
        <CardHeader>
          <CardTitle>{failure}</CardTitle>
          <CardDescription>{query.error.message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </CardContent>
      </Card>
    );
  }
  return <>{children(query.data)}</>;
}

/** The dashed card a list shows while it is empty. */
export function EmptyCard({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card className="border-dashed">
      <CardHeader className="items-center text-center">
        <CardTitle>{title}</CardTitle>
        {children && <CardDescription>{children}</CardDescription>}
      </CardHeader>
    </Card>
  );
}
