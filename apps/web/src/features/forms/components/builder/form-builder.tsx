import type { TFormDetail } from "@leadpost/shared";
import { splitFormSteps } from "@leadpost/shared/domain/form-layout";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, Save } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { Link, useBlocker } from "react-router";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { lazyPanel } from "@/components/ui/lazy-panel";
import { Separator } from "@/components/ui/separator";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { toast } from "@/lib/toast";
import { useDocumentTitle } from "@/lib/use-document-title";
import { fetchFormOptions, formKeys } from "../../api";
import { type SAVED_STATE, useFormBuilder } from "../../hooks/use-form-builder";
import { FieldList } from "./field-list";
import { FieldPalette } from "./field-palette";
import { FormPreview } from "./form-preview";

// The builder opens on Fields with no field selected: the Settings and Embed tabs and the field editor load
// when first shown (ON_DEMAND in on-demand.mjs), with the loading skeleton meanwhile.
const SettingsPanel = lazyPanel(async () => (await import("./settings-panel")).SettingsPanel);
const EmbedCode = lazyPanel(async () => (await import("./embed-code")).EmbedCode);
const FieldEditor = lazyPanel(async () => (await import("./field-editor")).FieldEditor);
// Loaded when the Settings tab opens on a saved form.
const DistributionSettings = lazy(() =>
  import("./distribution-settings").then((m) => ({ default: m.DistributionSettings })),
);

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
  const previewForm = useMemo(() => ({ ...draft, description: draft.description ?? null }), [draft]);
  useDocumentTitle(saved ? `Edit ${draft.title}` : "New form");

  // Closing or reloading the tab with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Leaving for another screen of the app with unsaved changes asks too.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as typeof SAVED_STATE | null)?.builderSaved !== true,
  );

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4">
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
          className="h-10 min-w-0 max-w-md flex-1 basis-40 font-semibold text-lg"
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
          <BusyButton
            variant="outline"
            disabled={busy || (!dirty && saved !== null)}
            onClick={() => builder.save.mutate()}
            busy={builder.save.isPending}
            icon={<Save aria-hidden="true" />}
          >
            Save
          </BusyButton>
          <BusyButton
            variant={published ? "outline" : "default"}
            disabled={busy}
            onClick={() => builder.publish.mutate(!published)}
            busy={builder.publish.isPending}
          >
            {published ? "Unpublish" : "Publish"}
          </BusyButton>
        </div>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card className="py-4">
          <CardContent className="px-4">
            <Tabs defaultValue="fields">
              <TabsList>
                <TabsTrigger value="fields">Fields</TabsTrigger>
                <TabsTrigger value="settings">Settings</TabsTrigger>
                <TabsTrigger value="embed">Embed</TabsTrigger>
              </TabsList>
              <TabsContent value="fields" className="mt-4 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-5">
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
                  <div className="min-w-0 rounded-lg border bg-muted/30 p-4">
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
                {saved && (
                  <Suspense fallback={null}>
                    <Separator className="my-6" />
                    <DistributionSettings formId={saved.id} buyers={options.data?.buyers ?? []} />
                  </Suspense>
                )}
              </TabsContent>
              <TabsContent value="embed" className="mt-4">
                <EmbedCode
                  formId={saved?.id ?? null}
                  title={draft.title}
                  published={published}
                  embedOrigins={saved?.embedOrigins ?? []}
                />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>

        <section aria-label="Live preview" className="lg:sticky lg:top-4">
          <h2 className="mb-2 font-medium text-muted-foreground text-xs uppercase tracking-wide">
            Live preview
          </h2>
          <div className="max-h-[calc(100svh-8rem)] overflow-auto rounded-xl border bg-white text-gray-900">
            <FormPreview
              form={previewForm}
              onSubmit={() =>
                toast.info("This is a preview: publish the form and open its page to submit it.")
              }
            />
          </div>
        </section>
      </div>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => !open && blocker.state === "blocked" && blocker.reset()}
        title="Leave without saving?"
        description="This form has unsaved changes. If you leave now, they are lost."
        confirmLabel="Leave"
        onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
      />
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
