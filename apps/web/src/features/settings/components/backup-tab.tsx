import type { TBackupAnalysis } from "@leadpost/shared";
import { BACKUP_MESSAGES } from "@leadpost/shared/domain/backups";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { apiPath } from "@/lib/api/typed-client";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { toast } from "@/lib/toast";
import { analyseBackup, backupKeys, createBackup, fetchBackups, restoreBackup } from "../backups-api";

export function BackupTab() {
  const { dateTime } = useDisplayFormat();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: backupKeys, queryFn: ({ signal }) => fetchBackups(signal) });
  const [file, setFile] = useState<{ data: File; analysis: TBackupAnalysis } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: backupKeys });
  const create = useMutation({
    mutationFn: createBackup,
    onSuccess: () => {
      toast.success(BACKUP_MESSAGES.CREATED);
      refresh();
    },
    onError: () => toast.error(BACKUP_MESSAGES.FAILED),
  });
  const restore = useMutation({
    mutationFn: (data: File) => restoreBackup(data),
    onSuccess: () => {
      toast.success(BACKUP_MESSAGES.RESTORED);
      setFile(null);
      refresh();
    },
    onError: (e) => toast.error((e as Error).message),
  });
  const pick = async (picked: File | undefined) => {
    if (!picked) return toast.error(BACKUP_MESSAGES.NO_FILE);
    // The server reads and checks the file as it arrives: the page never holds it.
    try {
      setFile({ data: picked, analysis: await analyseBackup(picked) });
    } catch (e) {
      toast.error(BACKUP_MESSAGES.INVALID_FILE, { description: (e as Error).message });
    }
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => create.mutate()} disabled={create.isPending}>
          Create Backup Now
        </Button>
        <Button variant="outline" asChild>
          <a href={apiPath("/api/settings/backups/download")} download>
            Download Latest Backup
          </a>
        </Button>
        <Button type="button" variant="outline" onClick={refresh}>
          Refresh List
        </Button>
      </div>
      <div className="grid gap-2">
        <label htmlFor="restore-file" className="font-medium text-sm">
          Restore from a backup file (.jsonl)
        </label>
        <input
          id="restore-file"
          type="file"
          accept=".jsonl,.json,application/x-ndjson,application/json"
          className="text-sm"
          onChange={(e) => void pick(e.target.files?.[0])}
        />
      </div>
      {file && (
        <div role="status" className="grid gap-2 rounded-md border p-4 text-sm">
          <p className="font-medium">
            Backup of {dateTime(file.analysis.timestamp)}: {file.analysis.totalRows} rows
          </p>
          {!file.analysis.sameCompany && <p className="text-destructive">{BACKUP_MESSAGES.OTHER_COMPANY}</p>}
          <ul className="grid gap-1 text-muted-foreground sm:grid-cols-2">
            {Object.entries(file.analysis.tables)
              .filter(([, n]) => n > 0)
              .map(([table, n]) => (
                <li key={table}>
                  {table}: {n}
                </li>
              ))}
          </ul>
          <div>
            <Button
              type="button"
              variant="destructive"
              disabled={!file.analysis.sameCompany || restore.isPending}
              onClick={() => setConfirming(true)}
            >
              Restore
            </Button>
          </div>
        </div>
      )}
      <section className="grid gap-2">
        <h2 className="font-medium">Backup history</h2>
        {list.isPending && <Skeleton className="h-24 w-full" />}
        {list.isError && <p role="alert">{BACKUP_MESSAGES.LOAD_FAILED}</p>}
        {list.isSuccess && list.data.backups.length === 0 && (
          <p className="text-muted-foreground text-sm">{BACKUP_MESSAGES.NONE}</p>
        )}
        {list.isSuccess && list.data.backups.length > 0 && (
          <ul className="divide-y rounded-md border">
            {list.data.backups.map((b) => (
              <li
                key={b.id}
                className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="break-all">
                  {b.name} <Badge variant="secondary">{b.kind}</Badge>
                </span>
                <span className="text-muted-foreground">
                  {dateTime(b.createdAt)} · {(b.size / 1024).toFixed(1)} KB ·{" "}
                  <a
                    className="underline"
                    href={`${apiPath("/api/settings/backups/download")}?id=${b.id}`}
                    download
                  >
                    Download
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Restore this backup?"
        description="Your company's current data is replaced by the backup's. A restore_ backup of the current state is taken first."
        confirmLabel="Restore"
        onConfirm={() => {
          setConfirming(false);
          if (file) restore.mutate(file.data);
        }}
      />
    </div>
  );
}
