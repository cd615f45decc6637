import {
  ADMIN_USER_ROLES,
  PLATFORM_ADMIN_MESSAGES,
  type TAdminUserResult,
  ZAdminCreateUserSchema,
  ZAdminDeleteUserSchema,
  ZAdminRecreateUserSchema,
} from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, CircleAlert } from "lucide-react";
import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import {
  createUserAccount,
  deleteUserAccount,
  fetchCompanyOptions,
  platformAdminKeys,
  recreateUserAccount,
} from "../api";

type TLastResult =
  | { ok: true; result: TAdminUserResult }
  | { ok: false; title: string; message: string }
  | null;
type TErrors = Record<string, string>;
const ROLE_LABELS = {
  user: "User (company member)",
  admin: "Admin (company admin)",
  buyer: "Buyer",
} as const;

function fieldErrors(error: z.ZodError): TErrors {
  const out: TErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** 003 §2.11 User Account Management: Create, Delete, Recreate, and the result of the last one. */
export function UserAccountsTab() {
  const [last, setLast] = useState<TLastResult>(null);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <Card>
        <CardContent>
          <Tabs defaultValue="create">
            <TabsList className="h-auto flex-wrap">
              <TabsTrigger value="create">Create</TabsTrigger>
              <TabsTrigger value="delete">Delete</TabsTrigger>
              <TabsTrigger value="recreate">Recreate</TabsTrigger>
            </TabsList>
            <TabsContent value="create" className="pt-4">
              <AccountForm kind="create" onResult={setLast} />
            </TabsContent>
            <TabsContent value="delete" className="pt-4">
              <DeleteForm onResult={setLast} />
            </TabsContent>
            <TabsContent value="recreate" className="pt-4">
              <AccountForm kind="recreate" onResult={setLast} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <LastResultPanel last={last} />
    </div>
  );
}

function LastResultPanel({ last }: { last: TLastResult }) {
  return (
    <Card aria-live="polite">
      <CardHeader>
        <CardTitle>Last result</CardTitle>
        <CardDescription>What the last create, delete or recreate did.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {!last ? (
          <p className="text-muted-foreground">Nothing yet.</p>
        ) : last.ok ? (
          <div className="grid gap-2">
            <p className="flex items-start gap-2 font-medium text-emerald-700 dark:text-emerald-400">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span className="break-words">{last.result.message}</span>
            </p>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-muted-foreground">
              <dt>User ID</dt>
              <dd className="break-all font-mono text-xs">{last.result.user.id}</dd>
              <dt>Email</dt>
              <dd className="break-all">{last.result.user.email}</dd>
              {Object.entries(last.result.details ?? {}).map(([key, value]) => (
                <div key={key} className="contents">
                  <dt>{key.replace(/([A-Z])/g, " $1").toLowerCase()}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </div>
        ) : (
          <p role="alert" className="flex items-start gap-2 text-destructive">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <strong>{last.title}</strong>
              <br />
              {last.message}
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function AccountForm({
  kind,
  onResult,
}: {
  kind: "create" | "recreate";
  onResult: (r: TLastResult) => void;
}) {
  const queryClient = useQueryClient();
  const companies = useQuery({
    queryKey: platformAdminKeys.companies,
    queryFn: ({ signal }) => fetchCompanyOptions(signal),
  });
  const [values, setValues] = useState({
    email: "",
    password: "",
    fullName: "",
    companyId: "",
    role: "",
    phoneNumber: "",
  });
  const [cleanup, setCleanup] = useState(true);
  const [errors, setErrors] = useState<TErrors>({});
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const failedTitle =
    kind === "create" ? PLATFORM_ADMIN_MESSAGES.CREATE_FAILED : PLATFORM_ADMIN_MESSAGES.RECREATE_FAILED;

  const mutation = useMutation({
    mutationFn: (input: unknown) =>
      kind === "create"
        ? createUserAccount(input as z.infer<typeof ZAdminCreateUserSchema>)
        : recreateUserAccount(input as z.infer<typeof ZAdminRecreateUserSchema>),
    onSuccess: (result) => {
      onResult({ ok: true, result });
      setValues({ email: "", password: "", fullName: "", companyId: "", role: "", phoneNumber: "" });
      void queryClient.invalidateQueries({ queryKey: platformAdminKeys.all });
    },
    onError: (error) => onResult({ ok: false, title: failedTitle, message: error.message }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const raw = {
      ...values,
      phoneNumber: values.phoneNumber || undefined,
      ...(kind === "recreate" ? { cleanupOrphanedRecords: cleanup } : {}),
    };
    const parsed = (kind === "create" ? ZAdminCreateUserSchema : ZAdminRecreateUserSchema).safeParse(raw);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  };

  return (
    <form className="grid items-start gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      <p className="text-muted-foreground text-sm sm:col-span-2">
        {kind === "create"
          ? "Creates a verified account. Without a password the user is e-mailed a link to create one."
          : "Deletes the account with this e-mail if there is one (keeping its data), then creates it again."}
      </p>
      <FormField label="Email" error={errors.email}>
        {(field) => (
          <Input
            {...field}
            type="email"
            value={values.email}
            onChange={(e) => set("email")(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Password (optional)" error={errors.password} hint="At least 8 characters.">
        {(field) => (
          <Input
            {...field}
            type="password"
            autoComplete="new-password"
            value={values.password}
            onChange={(e) => set("password")(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Full name" error={errors.fullName}>
        {(field) => (
          <Input {...field} value={values.fullName} onChange={(e) => set("fullName")(e.target.value)} />
        )}
      </FormField>
      <FormField label="Phone number (optional)" error={errors.phoneNumber}>
        {(field) => (
          <Input
            {...field}
            type="tel"
            value={values.phoneNumber}
            onChange={(e) => set("phoneNumber")(e.target.value)}
          />
        )}
      </FormField>
      <FormField label="Company" error={errors.companyId}>
        {(field) => (
          <Select value={values.companyId} onValueChange={set("companyId")}>
            <SelectTrigger {...field} className="w-full">
              <SelectValue placeholder={companies.isPending ? "Loading companies…" : "Choose a company"} />
            </SelectTrigger>
            <SelectContent>
              {(companies.data ?? []).map((c) => (
                <SelectItem key={c.id} value={c.id}>
                  {c.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      <FormField label="Role" error={errors.role}>
        {(field) => (
          <Select value={values.role} onValueChange={set("role")}>
            <SelectTrigger {...field} className="w-full">
              <SelectValue placeholder="Choose a role" />
            </SelectTrigger>
            <SelectContent>
              {ADMIN_USER_ROLES.map((role) => (
                <SelectItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </FormField>
      {kind === "recreate" && (
        <div className="flex items-center gap-3 sm:col-span-2">
          <Switch id="cleanup-orphaned" checked={cleanup} onCheckedChange={setCleanup} />
          <Label htmlFor="cleanup-orphaned">
            Clean up orphaned records (pending invitations for this e-mail)
          </Label>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending
            ? kind === "create"
              ? "Creating…"
              : "Recreating…"
            : kind === "create"
              ? "Create user"
              : "Recreate user"}
        </Button>
      </div>
    </form>
  );
}

function DeleteForm({ onResult }: { onResult: (r: TLastResult) => void }) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState("");
  const [preserveData, setPreserveData] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const input = target.includes("@")
    ? { email: target.trim(), preserveData }
    : { userId: target.trim() || undefined, preserveData };

  const mutation = useMutation({
    mutationFn: deleteUserAccount,
    onSuccess: (result) => {
      onResult({ ok: true, result });
      setTarget("");
      void queryClient.invalidateQueries({ queryKey: platformAdminKeys.all });
    },
    onError: (err) =>
      onResult({ ok: false, title: PLATFORM_ADMIN_MESSAGES.DELETE_FAILED, message: err.message }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZAdminDeleteUserSchema.safeParse(input);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PLATFORM_ADMIN_MESSAGES.DELETE_TARGET_REQUIRED);
      return;
    }
    setError(null);
    setConfirming(true);
  };

  return (
    <form className="grid max-w-lg gap-4" onSubmit={submit} noValidate>
      <FormField label="User ID or email" error={error ?? undefined}>
        {(field) => <Input {...field} value={target} onChange={(e) => setTarget(e.target.value)} />}
      </FormField>
      <div className="flex items-center gap-3">
        <Switch id="preserve-data" checked={preserveData} onCheckedChange={setPreserveData} />
        <Label htmlFor="preserve-data">Preserve data (keep buyer records, leads and credit history)</Label>
      </div>
      <div>
        <Button type="submit" variant="destructive" disabled={mutation.isPending}>
          {mutation.isPending ? "Deleting…" : "Delete user"}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this user?"
        description={
          <>
            The account <strong className="break-all">{target.trim()}</strong> can no longer sign in.{" "}
            {preserveData
              ? "Their buyer records, leads and credit history are kept."
              : "Their buyer records are deleted as well."}
          </>
        }
        confirmLabel="Delete user"
        onConfirm={() => {
          setConfirming(false);
          mutation.mutate(ZAdminDeleteUserSchema.parse(input));
        }}
      />
    </form>
  );
}
