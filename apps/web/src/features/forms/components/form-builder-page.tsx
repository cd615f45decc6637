import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { fetchForm, formKeys } from "../api";
import { FormBuilder } from "./builder/form-builder";

/** /dashboard/forms/new and /dashboard/forms/:formId. */
export function FormBuilderPage() {
  const { formId } = useParams();
  const query = useQuery({
    queryKey: formKeys.detail(formId ?? "new"),
    queryFn: ({ signal }) => fetchForm(formId as string, signal),
    enabled: Boolean(formId),
  });
  if (!formId) return <FormBuilder key="new" initial={null} />;
  if (query.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading form">
        <Skeleton className="h-10 w-1/3" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Card role="alert" className="mx-auto max-w-xl">
        <CardHeader>
          <CardTitle>{query.error.message || "Error loading form"}</CardTitle>
        </CardHeader>
        <div className="px-6">
          <Button variant="outline" onClick={() => query.refetch()}>
            Try again
          </Button>
        </div>
      </Card>
    );
  }
  return <FormBuilder key={formId} initial={query.data} />;
}
