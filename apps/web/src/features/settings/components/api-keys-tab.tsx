import type { TApiKey, TApiKeyEnvironment } from "@leadpost/shared";
import { API_KEY_MESSAGES } from "@leadpost/shared/domain/api-keys";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { apiKeyKeys, createApiKey, fetchApiKeys, revokeApiKey } from "../api-keys-api";

export function ApiKeysTab() {
  const { dateTime } = useDisplayFormat();
  const when = (iso: string | null) => (iso ? dateTime(iso) : "Never");
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: apiKeyKeys, queryFn: ({ signal }) => fetchApiKeys(signal) });
  const [name, setName] = useState("");
  const [environment, setEnvironment] = useState<TApiKeyEnvironment>("production");
  const [nameError, setNameError] = useState<string>();
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (created) => {
      setSecret(created.secret);
      setName("");
      toast.success(API_KEY_MESSAGES.CREATED);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys });
    },
    onError: (e) => toast.error((e as Error).message),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeApiKey(id),
    onSuccess: () => {
      toast.success(API_KEY_MESSAGES.REVOKED);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys });
    },
    onError: (e) => toast.error((e as Error).message),
  });

  return (
    <div className="grid gap-6">
      <form
        aria-label="Create API Key"
        className="grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return setNameError(API_KEY_MESSAGES.NAME_REQUIRED);
          setNameError(undefined);
          create.mutate({ name: name.trim(), environment });
        }}
      >
        <FormField label="Key name" error={nameError}>
          {(control) => <Input {...control} value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField label="Environment">
          {(control) => (
            <select
              {...control}
              className="h-9 rounded-md border bg-background px-3 text-sm"
              value={environment}
              onChange={(e) => setEnvironment(e.target.value as TApiKeyEnvironment)}
            >
              <option value="production">Production</option>
              <option value="sandbox">Sandbox (test leads, never routed)</option>
            </select>
          )}
        </FormField>
        <Button type="submit" disabled={create.isPending}>
          Create API Key
        </Button>
      </form>
      {secret && (
        <div role="status" className="grid gap-2 rounded-md border border-amber-500/50 p-4 text-sm">
          <p className="font-medium">Copy this key now: it will not be shown again.</p>
          <code className="break-all rounded bg-muted px-2 py-1">{secret}</code>
          <div className="flex gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => void navigator.clipboard?.writeText(secret)}
            >
              Copy
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        </div>
      )}
      <p className="text-muted-foreground text-sm">
        Keys post leads into your forms and read your leads through the API; see the{" "}
        <a className="underline" href="/api/docs">
          API reference
        </a>
        .
      </p>
      {keys.isPending && <Skeleton className="h-24 w-full" />}
      {keys.isError && <p role="alert">Failed to load API keys</p>}
      {keys.isSuccess && keys.data.keys.length === 0 && (
        <p className="text-muted-foreground text-sm">No API keys yet.</p>
      )}
      {keys.isSuccess && keys.data.keys.length > 0 && (
        <ul className="divide-y rounded-md border">
          {keys.data.keys.map((k) => (
            <li key={k.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="font-medium">
                  {k.name} <Badge variant="secondary">{k.environment}</Badge>
                </p>
                <p className="break-all text-muted-foreground text-xs">
                  <code>{k.keyPreview}</code> · Created {when(k.createdAt)} · Last used {when(k.lastUsedAt)}
                </p>
              </div>
              <Button type="button" size="sm" variant="outline" onClick={() => setRevoking(k)}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke API key?"
        description={`Requests with "${revoking?.name ?? ""}" are refused from now on.`}
        confirmLabel="Revoke"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
      />
    </div>
  );
}
