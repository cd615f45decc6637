import { splitFormSteps, type TFormDetail } from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, Loader2, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { FormRenderer } from "@/features/public-forms/components/form-renderer";
import { useDocumentTitle } from "@/lib/use-document-title";
import { fetchFormOptions, formKeys } from "../../api";
import { useFormBuilder } from "../../hooks/use-form-builder";
import { ConfirmDialog } from "../confirm-dialog";
import { EmbedCode } from "./embed-code";
import { FieldEditor } from "./field-editor";
import { FieldList } from "./field-list";
import { FieldPalette } from "./field-palette";
import { SettingsPanel } from "./settings-panel";

/** Form builder: fields, settings and embed code on the left, the live preview on the right. */
export function FormBuilder({ initial }: { initial: TFormDetail | null }) {
  const builder = useFormBuilder(initial);
  const { draft, saved, dirty, selectedId, fieldActions } = builder;
  const options = useQuery({
    queryKey: formKeys.options(),
    queryFn: ({ signal }) => fetchFormOptions(signal),
  });
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const selected = draft.fields.find((f) => f.id === selectedId) ?? null;
  const published = saved?.status === "published";
  const busy = builder.save.isPending || builder.publish.isPending;
  const { warnings } = splitFormSteps(draft.fields, draft.enableMultistep);
  useDocumentTitle(saved ? `Edit ${draft.title}` : "New form");

  // Closing or reloading the tab with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="icon" asChild>
          <Link to="/dashboard/forms" aria-label="Back to forms">
            <ArrowLeft />
          </Link>
        </Button>
        <h1 className="sr-only">Form Builder</h1>
        <Input
          aria-label="Form title"
          value={draft.title}
          onChange={(e) => builder.change({ title: e.target.value })}
          className="h-10 max-w-md flex-1 font-semibold text-lg"
        />
        <Badge variant={published ? "success" : "secondary"}>{published ? "Published" : "Draft"}</Badge>
        {dirty && <span className="text-muted-foreground text-xs">Unsaved changes</span>}
        <div className="ml-auto flex flex-wrap gap-2">
          {saved && (
            <Button variant="outline" asChild>
              <a href={`/forms/${saved.id}/preview`} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" /> View
              </a>
            </Button>
          )}
          <Button
            variant="outline"
            disabled={busy || (!dirty && saved !== null)}
            onClick={() => builder.save.mutate()}
          >
            {builder.save.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Save
          </Button>
          <Button
            variant={published ? "outline" : "default"}
            disabled={busy}
            onClick={() => builder.publish.mutate(!published)}
          >
            {builder.publish.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {published ? "Unpublish" : "Publish"}
          </Button>
        </div>
      </div>

      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="py-4">
          <CardContent className="px-4">
            <Tabs defaultValue="fields">
              <TabsList>
                <TabsTrigger value="fields">Fields</TabsTrigger>
                <TabsTrigger value="settings">Settings</TabsTrigger>
                <TabsTrigger value="embed">Embed</TabsTrigger>
              </TabsList>
              <TabsContent value="fields" className="mt-4 grid gap-5">
                <FieldPalette onAdd={fieldActions.add} />
                {warnings.map((w) => (
                  <p
                    key={w}
                    role="status"
                    className="rounded-md bg-warning/15 px-3 py-2 text-sm text-warning"
                  >
                    {w}
                  </p>
                ))}
                <FieldList
                  fields={draft.fields}
                  selectedId={selectedId}
                  onSelect={builder.setSelectedId}
                  onMove={fieldActions.move}
                  onDelete={setPendingDelete}
                />
                {selected ? (
                  <div className="rounded-lg border bg-muted/30 p-4">
                    <FieldEditor
                      field={selected}
                      onChange={(patch) => fieldActions.update(selected.id, patch)}
                    />
                  </div>
                ) : (
                  draft.fields.length > 0 && (
                    <p className="text-muted-foreground text-sm">Select a field to edit its properties.</p>
                  )
                )}
              </TabsContent>
              <TabsContent value="settings" className="mt-4">
                <SettingsPanel draft={draft} onChange={builder.change} options={options.data} />
              </TabsContent>
              <TabsContent value="embed" className="mt-4">
                <EmbedCode formId={saved?.id ?? null} title={draft.title} published={published} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>

        <section aria-label="Live preview" className="lg:sticky lg:top-4">
          <h2 className="mb-2 font-medium text-muted-foreground text-xs uppercase tracking-wide">
            Live preview
          </h2>
          <div className="max-h-[calc(100svh-8rem)] overflow-auto rounded-xl border bg-white text-gray-900">
            <FormRenderer
              form={{ ...draft, description: draft.description ?? null }}
              onSubmit={() =>
                toast.info("This is a preview: publish the form and open its page to submit it.")
              }
            />
          </div>
        </section>
      </div>
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title="Delete field"
        description="Remove this field from the form? Answers already submitted are kept with their leads."
        confirmLabel="Delete"
        onConfirm={() => {
          if (pendingDelete) fieldActions.remove(pendingDelete);
          setPendingDelete(null);
        }}
      />
    </div>
  );
}
