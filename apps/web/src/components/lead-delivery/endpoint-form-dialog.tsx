import { LEAD_DELIVERY_FIELDS, type TDeliveryEndpoint, type TDeliveryFormat } from "@leadpost/shared";
import { useState } from "react";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { presentApiError } from "@/lib/api-error-presenter";

export type TEndpointValues = {
  name: string;
  url: string;
  format: TDeliveryFormat;
  fieldMap: Record<string, string>;
};

/** "our_field = their_name" per line ⇄ the field map. */
export function fieldMapText(map: Record<string, string>): string {
  return Object.entries(map)
    .map(([ours, theirs]) => `${ours} = ${theirs}`)
    .join("\n");
}

export function parseFieldMap(text: string): { map: Record<string, string> } | { error: string } {
  const map: Record<string, string> = {};
  const lines = text.split("\n");
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const at = line.indexOf("=");
    const ours = at > 0 ? line.slice(0, at).trim() : "";
    const theirs = at > 0 ? line.slice(at + 1).trim() : "";
    if (!ours || !theirs) return { error: `Line ${i + 1}: write our field name = your field name` };
    map[ours] = theirs;
  }
  return { map };
}

type TProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  endpoint: TDeliveryEndpoint | null;
  onSave: (values: TEndpointValues) => Promise<unknown>;
};

export function EndpointFormDialog({ open, onOpenChange, endpoint, onSave }: TProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-lg">
      <EndpointForm endpoint={endpoint} onSave={onSave} onCancel={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function EndpointForm({
  endpoint,
  onSave,
  onCancel,
}: {
  endpoint: TDeliveryEndpoint | null;
  onSave: TProps["onSave"];
  onCancel: () => void;
}) {
  const [name, setName] = useState(endpoint?.name ?? "");
  const [url, setUrl] = useState(endpoint?.url ?? "");
  const [format, setFormat] = useState<TDeliveryFormat>(endpoint?.format ?? "json");
  const [mapText, setMapText] = useState(fieldMapText(endpoint?.fieldMap ?? {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = "Enter a name for the endpoint";
    if (!url.trim()) local.url = "Enter the endpoint's URL";
    const parsed = format === "form" ? parseFieldMap(mapText) : { map: {} };
    if ("error" in parsed) local.fieldMap = parsed.error;
    setErrors(local);
    if (Object.keys(local).length > 0 || "error" in parsed) return;
    setBusy(true);
    try {
      await onSave({ name: name.trim(), url: url.trim(), format, fieldMap: parsed.map });
    } catch (err) {
      const presented = presentApiError(err, { fallback: "The endpoint could not be saved" });
      setErrors(Object.keys(presented.fields).length > 0 ? presented.fields : { url: presented.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{endpoint ? "Edit endpoint" : "Add endpoint"}</DialogTitle>
        <DialogDescription>
          Every lead the buyer receives in full is posted here, signed with the endpoint's secret.
        </DialogDescription>
      </DialogHeader>
      <FormField label="Name" error={errors.name}>
        {(control) => (
          <Input {...control} value={name} onChange={(e) => setName(e.target.value)} placeholder="My CRM" />
        )}
      </FormField>
      <FormField
        label="URL"
        error={errors.url}
        hint="An https:// address your system answers; private and internal addresses are refused."
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://crm.example.com/leads"
          />
        )}
      </FormField>
      <FormField label="Format" error={errors.format}>
        {(control) => (
          <Select value={format} onValueChange={(v) => setFormat(v as TDeliveryFormat)}>
            <SelectTrigger {...control} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="json">JSON</SelectItem>
              <SelectItem value="form">Form-encoded, with field names of your choice</SelectItem>
            </SelectContent>
          </Select>
        )}
      </FormField>
      {format === "form" && (
        <FormField
          label="Field names"
          error={errors.fieldMap}
          hint={`One per line: our field = your field. Our fields: ${LEAD_DELIVERY_FIELDS.join(", ")}, and each answer by its label. Unlisted fields keep our names.`}
        >
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              className="font-mono text-xs"
              value={mapText}
              onChange={(e) => setMapText(e.target.value)}
              placeholder={"name = full_name\nzip_code = postal_code"}
            />
          )}
        </FormField>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <BusyButton type="submit" busy={busy} busyLabel="Saving…">
          {endpoint ? "Save" : "Add endpoint"}
        </BusyButton>
      </DialogFooter>
    </form>
  );
}
