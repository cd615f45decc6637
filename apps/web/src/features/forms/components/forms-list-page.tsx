import { useQuery } from "@tanstack/react-query";
import { FileText, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { fetchForms, formKeys } from "../api";
import { useFormActions } from "../hooks/use-form-actions";
import { FORM_LIST_MESSAGES } from "../lib/messages";
import { FormCard } from "./form-card";

/** 001 §2 Forms list: count line, cards with their actions, empty state. */
export function FormsListPage() {
  const query = useQuery({ queryKey: formKeys.list(), queryFn: ({ signal }) => fetchForms(signal) });
  const actions = useFormActions();
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const counts = query.data?.counts;

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Forms"
        description={
          counts
            ? `${counts.published} published · ${counts.draft} draft`
            : "Build, publish and embed lead forms."
        }
        actions={
          <Button asChild>
            <Link to="/dashboard/forms/new">
              <Plus aria-hidden="true" /> Create Form
            </Link>
          </Button>
        }
      />
      {query.isPending ? (
        <div
          className="grid gap-4 md:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading forms"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      ) : query.isError ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle>{FORM_LIST_MESSAGES.LOAD_FAILED}</CardTitle>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => query.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : query.data.forms.length === 0 ? (
        <Card className="items-center py-12 text-center">
          <FileText className="size-10 text-muted-foreground" aria-hidden="true" />
          <CardHeader className="w-full">
            <CardTitle>{FORM_LIST_MESSAGES.EMPTY}</CardTitle>
            <CardDescription>
              Build a form, publish it, and share its link or embed it on your site.
            </CardDescription>
          </CardHeader>
          <Button asChild>
            <Link to="/dashboard/forms/new">{FORM_LIST_MESSAGES.CREATE_FIRST}</Link>
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {query.data.forms.map((form) => (
            <li key={form.id}>
              <FormCard
                form={form}
                busy={
                  (actions.status.isPending && actions.status.variables?.id === form.id) ||
                  (actions.remove.isPending && actions.remove.variables === form.id)
                }
                onToggle={() => actions.status.mutate({ id: form.id, publish: form.status !== "published" })}
                onDelete={() => setPendingDelete(form.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title="Delete form"
        description={FORM_LIST_MESSAGES.CONFIRM_DELETE}
        confirmLabel="Delete"
        onConfirm={() => {
          if (pendingDelete) actions.remove.mutate(pendingDelete);
          setPendingDelete(null);
        }}
      />
    </div>
  );
}
