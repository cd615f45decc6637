import type { TEmailLogMessage } from "@leadpost/shared";
import { EMAIL_STATUSES, type TEmailStatus } from "@leadpost/shared/domain/email-log";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail, RotateCw, Search } from "lucide-react";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { toast } from "@/lib/toast";
import { emailKeys, fetchEmailLog, resendEmail } from "../api";

const STATUS_LABEL: Record<TEmailStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  delayed: "Delayed",
  delivered: "Delivered",
  bounced: "Bounced",
  complained: "Marked as spam",
};
const STATUS_VARIANT = {
  queued: "secondary",
  sending: "warning",
  sent: "success",
  failed: "destructive",
  delayed: "warning",
  delivered: "success",
  bounced: "destructive",
  complained: "destructive",
} as const;

const kindLabel = (kind: string) => kind.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** /dashboard/email: the company's message log, newest first, with status filter, search and resend. */
export function EmailPage() {
  const { dateTime: when, locale } = useDisplayFormat();
  const isAdmin = useIsCompanyAdmin();
  const [status, setStatus] = useState<TEmailStatus | "all">("all");
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<TEmailLogMessage | null>(null);
  const queryClient = useQueryClient();

  // Search as the user types, once they pause.
  useEffect(() => {
    const t = setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [search]);

  const query = { status: status === "all" ? undefined : status, q: q || undefined, page };
  const log = useQuery({
    queryKey: emailKeys.log(query),
    queryFn: ({ signal }) => fetchEmailLog(query, signal),
    placeholderData: keepPreviousData,
    enabled: isAdmin,
  });
  const resend = useMutation({
    mutationFn: (id: string) => resendEmail(id),
    onSuccess: (m) => {
      toast.success("Message queued", { description: `It will be sent to ${m.toAddress} shortly.` });
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
    onError: (error) => toast.error("Resend failed", { description: (error as Error).message }),
  });

  if (!isAdmin) {
    return (
      <div className="mx-auto w-full max-w-6xl">
        <PageHeader title="Email" />
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground text-sm">
            Only company owners and org admins can see the e-mail log.
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-6xl grid-cols-1 gap-4">
      <PageHeader title="Email" description="Every message sent for your company, newest first." />
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search by recipient"
            placeholder="Search by recipient"
            className="pl-8"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select
          value={status}
          onValueChange={(v) => {
            setStatus(v as TEmailStatus | "all");
            setPage(1);
          }}
        >
          <SelectTrigger aria-label="Filter by status" className="sm:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All statuses</SelectItem>
            {EMAIL_STATUSES.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABEL[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {log.isPending ? (
        <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading messages">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-20 w-full" />
          ))}
        </div>
      ) : log.isError ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center text-sm">
            <p>The e-mail log could not be loaded. {(log.error as Error).message}</p>
            <Button variant="outline" onClick={() => void log.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : log.data.messages.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center text-muted-foreground text-sm">
            <Mail aria-hidden="true" className="size-6" />
            {q || status !== "all" ? "No messages match." : "No e-mail has been sent for your company yet."}
          </CardContent>
        </Card>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-2" aria-label="Messages">
            {log.data.messages.map((m) => (
              <li key={m.id}>
                <Card className="py-0">
                  <CardContent className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0 space-y-1">
                      <p className="truncate font-medium">{m.subject}</p>
                      <p className="break-all text-sm">To {m.toAddress}</p>
                      <p className="text-muted-foreground text-xs">
                        {kindLabel(m.kind)} · {when(m.createdAt)} · {m.attempts}{" "}
                        {m.attempts === 1 ? "attempt" : "attempts"}
                      </p>
                      {m.lastError && m.status !== "sent" && (
                        <p className="break-words text-destructive text-xs">{m.lastError}</p>
                      )}
                    </div>
                    <div className="flex shrink-0 items-center gap-2">
                      <Badge variant={STATUS_VARIANT[m.status]}>{STATUS_LABEL[m.status]}</Badge>
                      {m.status === "failed" && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => setConfirming(m)}
                          disabled={resend.isPending}
                        >
                          <RotateCw aria-hidden="true" />
                          Resend
                        </Button>
                      )}
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={log.data.pageSize}
            total={log.data.total}
            onPage={setPage}
            locale={locale}
          />
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Resend this message?"
        description={
          confirming ? `"${confirming.subject}" will be sent to ${confirming.toAddress} again.` : ""
        }
        confirmLabel="Resend"
        onConfirm={() => {
          if (confirming) resend.mutate(confirming.id);
          setConfirming(null);
        }}
      />
    </div>
  );
}
