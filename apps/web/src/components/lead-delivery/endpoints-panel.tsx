import {
  LEAD_DELIVERY_VERIFY_SNIPPET,
  type TDeliveryEndpoint,
  type TDeliveryEndpointWithSecret,
} from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Pencil, Plus, Send, Trash2, Webhook } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { BusyButton } from "@/components/ui/busy-button";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyField } from "@/components/ui/copy-field";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState, QueryState } from "@/components/ui/query-states";
import { Switch } from "@/components/ui/switch";
import { presentApiError } from "@/lib/api-error-presenter";
import { toast } from "@/lib/toast";
import {
  createEndpoint,
  deleteEndpoint,
  deliveryKeys,
  fetchEndpointLog,
  fetchEndpoints,
  rotateSecret,
  sendTestLead,
  updateEndpoint,
} from "./api";
import { DeliveryList } from "./delivery-log";
import { EndpointFormDialog, type TEndpointValues } from "./endpoint-form-dialog";

/** The Node.js verification code of docs/lead-delivery.md, for the buyer's developers. */
export function VerifySnippet() {
  return (
    <details className="rounded-lg border p-3 text-sm">
      <summary className="cursor-pointer font-medium">How to verify a delivery's signature (Node.js)</summary>
      <p className="mt-2 text-muted-foreground">
        Each request carries <code>X-Leadpost-Signature</code> (an HMAC-SHA256 of the timestamp and the raw
        body, with the endpoint's secret) and <code>X-Leadpost-Delivery-Id</code>, the same on every retry:
        ignore a delivery id you have seen. Answer 2xx to accept, or 4xx (or{" "}
        <code>{'{"status":"rejected","reason":"…"}'}</code>) to reject with a reason.
      </p>
      <pre className="mt-2 max-h-72 overflow-auto rounded-md bg-muted p-3 text-xs">
        <code>{LEAD_DELIVERY_VERIFY_SNIPPET}</code>
      </pre>
    </details>
  );
}

/**
 * A buyer's delivery endpoints: add, edit, switch off, send a test lead, rotate the secret, delete, and
 * each endpoint's log. `base` is the API roof: `/api/buyers/{buyerId}` (the company) or
 * `/api/buyer-portal` (the buyer itself). Without `canManage` it only reads.
 */
export function DeliveryEndpointsPanel({ base, canManage }: { base: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: deliveryKeys.endpoints(base),
    queryFn: ({ signal }) => fetchEndpoints(base, signal),
  });
  const [editing, setEditing] = useState<TDeliveryEndpoint | "new" | null>(null);
  const [secret, setSecret] = useState<TDeliveryEndpointWithSecret | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["delivery-endpoints", base] });

  const save = async (values: TEndpointValues) => {
    if (editing === "new") {
      const created = await createEndpoint(base, values);
      setSecret(created);
    } else if (editing) {
      await updateEndpoint(base, editing.id, values);
      toast.success("Endpoint saved");
    }
    setEditing(null);
    await refresh();
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="max-w-prose text-muted-foreground text-sm">
          Each lead the buyer receives in full (unlocked, or handed over by routing or by hand) is also posted
          to these endpoints, signed, and retried for about 15 minutes if the system does not answer.
        </p>
        {canManage && (
          <Button size="sm" onClick={() => setEditing("new")}>
            <Plus aria-hidden="true" />
            Add endpoint
          </Button>
        )}
      </div>
      <QueryState query={query} label="Loading endpoints" failure="Failed to load endpoints">
        {(data) =>
          data.endpoints.length === 0 ? (
            <EmptyState icon={Webhook} title="No delivery endpoints">
              Leads reach this buyer by e-mail and in the portal only.
            </EmptyState>
          ) : (
            <ul className="grid gap-3">
              {data.endpoints.map((e) => (
                <EndpointRow
                  key={e.id}
                  base={base}
                  endpoint={e}
                  canManage={canManage}
                  onEdit={() => setEditing(e)}
                  onSecret={setSecret}
                  onChanged={refresh}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <VerifySnippet />
      <EndpointFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        endpoint={editing === "new" ? null : editing}
        onSave={save}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </div>
  );
}

/** The full secret, once: after creation and after rotation. */
function SecretDialog({
  shown,
  onClose,
}: {
  shown: TDeliveryEndpointWithSecret | null;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Signing secret of {shown?.endpoint.name}</DialogTitle>
          <DialogDescription>{shown?.message}</DialogDescription>
        </DialogHeader>
        {shown && <CopyField id={id} label="Signing secret" value={shown.secret} />}
        <Button onClick={onClose}>Done</Button>
      </DialogContent>
    </Dialog>
  );
}

function EndpointRow({
  base,
  endpoint,
  canManage,
  onEdit,
  onSecret,
  onChanged,
}: {
  base: string;
  endpoint: TDeliveryEndpoint;
  canManage: boolean;
  onEdit: () => void;
  onSecret: (s: TDeliveryEndpointWithSecret) => void;
  onChanged: () => Promise<unknown>;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<"delete" | "rotate" | null>(null);
  const logKey = deliveryKeys.endpointLog(base, endpoint.id);
  const log = useQuery({
    queryKey: logKey,
    queryFn: ({ signal }) => fetchEndpointLog(base, endpoint.id, signal),
    enabled: showLog,
  });
  const fail = (fallback: string) => (err: unknown) =>
    toast.error(presentApiError(err, { fallback }).message);
  const test = useMutation({
    mutationFn: () => sendTestLead(base, endpoint.id),
    onSuccess: async (result) => {
      if (result.delivery.status === "accepted") toast.success(result.message);
      else toast.error(`${result.message}: ${result.delivery.reason ?? "no reason given"}`);
      setShowLog(true);
      await queryClient.invalidateQueries({ queryKey: logKey });
    },
    onError: fail("The test lead could not be sent"),
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => updateEndpoint(base, endpoint.id, { enabled }),
    onSuccess: onChanged,
    onError: fail("The endpoint could not be changed"),
  });
  const rotate = useMutation({
    mutationFn: () => rotateSecret(base, endpoint.id),
    onSuccess: async (result) => {
      setConfirm(null);
      onSecret(result);
      await onChanged();
    },
    onError: fail("The secret could not be rotated"),
  });
  const remove = useMutation({
    mutationFn: () => deleteEndpoint(base, endpoint.id),
    onSuccess: async (result) => {
      setConfirm(null);
      toast.success(result.message);
      await onChanged();
    },
    onError: fail("The endpoint could not be deleted"),
  });

  return (
    <li
      className="grid gap-3 rounded-lg border p-3"
      data-testid="delivery-endpoint"
      aria-label={endpoint.name}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{endpoint.name}</span>
        <Badge variant="outline">{endpoint.format === "json" ? "JSON" : "Form-encoded"}</Badge>
        {!endpoint.enabled && <Badge variant="secondary">Off</Badge>}
        <div className="ml-auto flex items-center gap-2">
          <Switch
            id={`${id}-on`}
            checked={endpoint.enabled}
            disabled={!canManage || toggle.isPending}
            onCheckedChange={(on) => toggle.mutate(on)}
          />
          <label htmlFor={`${id}-on`} className="text-sm">
            {endpoint.enabled ? "On" : "Off"}
          </label>
        </div>
      </div>
      <p className="break-all font-mono text-xs">{endpoint.url}</p>
      <p className="text-muted-foreground text-xs">
        Signing secret ending in <span className="font-mono">{endpoint.secretLast4}</span>
        {Object.keys(endpoint.fieldMap).length > 0 &&
          ` · Field names: ${Object.entries(endpoint.fieldMap)
            .map(([a, b]) => `${a} → ${b}`)
            .join(", ")}`}
      </p>
      <div className="flex flex-wrap gap-2">
        {canManage && (
          <BusyButton
            size="sm"
            variant="outline"
            busy={test.isPending}
            busyLabel="Sending…"
            icon={<Send aria-hidden="true" />}
            onClick={() => test.mutate()}
          >
            Send test lead
          </BusyButton>
        )}
        <Button size="sm" variant="outline" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? "Hide log" : "Show log"}
        </Button>
        {canManage && (
          <>
            <Button size="sm" variant="outline" onClick={onEdit}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirm("rotate")}>
              <KeyRound aria-hidden="true" />
              Rotate secret
            </Button>
            <Button
              size="sm"
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setConfirm("delete")}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
      </div>
      {showLog && (
        <QueryState query={log} label="Loading the endpoint's log" failure="Failed to load the log">
          {(data) =>
            data.deliveries.length === 0 ? (
              <p className="text-muted-foreground text-sm">Nothing sent to this endpoint yet.</p>
            ) : (
              <DeliveryList deliveries={data.deliveries} />
            )
          }
        </QueryState>
      )}
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Delete ${endpoint.name}?`}
        description="Leads will no longer be posted to this address. Its delivery log stays on the leads."
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
      <ConfirmDialog
        open={confirm === "rotate"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Make a new signing secret?"
        description="The current secret stops working at once: deliveries are signed with the new one, which your system must use to verify them."
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
      />
    </li>
  );
}
