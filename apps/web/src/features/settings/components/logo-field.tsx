import type { TCompanySettings } from "@leadpost/shared";
import { SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Building2, Trash2, Upload } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { presentApiErrorLater } from "@/lib/present-error-later";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";
import { removeLogo, settingsKeys, uploadLogo } from "../api";

const MAX_BYTES = 5 * 1024 * 1024;

/** 002 §5: the three logo rules, checked before the upload (the server checks them again). */
export function logoProblem(file: { type: string; size: number }, saved: boolean): string | null {
  if (!saved) return SETTINGS_MESSAGES.LOGO_SAVE_FIRST;
  if (!file.type.startsWith("image/")) return SETTINGS_MESSAGES.LOGO_NOT_IMAGE;
  if (file.size >= MAX_BYTES) return SETTINGS_MESSAGES.LOGO_TOO_LARGE;
  return null;
}

/** The company logo: shown in the shell, on public forms, invitations, e-mails and sign-in pages. */
export function LogoField({ settings }: { settings: TCompanySettings }) {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const keep = (logoUrl: string | null) => {
    queryClient.setQueryData<TCompanySettings>(settingsKeys.company, (s) => (s ? { ...s, logoUrl } : s));
    // The shell shows the logo from the session: read it again so the sidebar changes at once.
    void refresh();
  };
  const upload = useMutation({
    mutationFn: uploadLogo,
    onSuccess: (r) => {
      keep(r.logoUrl);
      toast.success(r.message);
    },
    onError: async (err) =>
      toast.error(`${SETTINGS_MESSAGES.LOGO_UPLOAD_FAILED}: ${(await presentApiErrorLater(err)).message}`),
  });
  const remove = useMutation({
    mutationFn: removeLogo,
    onSuccess: (r) => {
      keep(r.logoUrl);
      toast.success(r.message);
    },
    onError: async (err) =>
      toast.error(`${SETTINGS_MESSAGES.LOGO_UPDATE_FAILED}: ${(await presentApiErrorLater(err)).message}`),
  });
  return (
    <div className="grid gap-2">
      <Label htmlFor="company-logo">Logo</Label>
      <div className="flex flex-wrap items-center gap-3">
        {settings.logoUrl ? (
          <img
            src={settings.logoUrl}
            alt="Company logo"
            className="size-16 rounded-md border object-contain"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-md border border-dashed text-muted-foreground">
            <Building2 className="size-6" aria-hidden="true" />
          </span>
        )}
        <input
          ref={input}
          id="company-logo"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (!file) return;
            const problem = logoProblem(file, Boolean(settings.id));
            if (problem) toast.error(problem);
            else upload.mutate(file);
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          <Upload aria-hidden="true" />
          {settings.logoUrl ? "Replace logo" : "Upload logo"}
        </Button>
        {settings.logoUrl && (
          <Button type="button" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
      <p className="text-muted-foreground text-xs">
        PNG, JPEG, GIF or WebP under 5 MB; 200×200 px recommended.
      </p>
    </div>
  );
}
