import { PLATFORM_ADMIN_MESSAGES } from "@leadpost/shared";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { sendSupportEmail } from "../api";

/** 003 §2.11 Send Support Email: subject and message to one user, through the platform mail. */
export function SupportEmailDialog({
  recipient,
  onClose,
}: {
  recipient: { email: string; userId: string | null } | null;
  onClose: () => void;
}) {
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: sendSupportEmail,
    onSuccess: () => {
      toast.success(`Email sent to ${recipient?.email}`);
      setSubject("");
      setMessage("");
      onClose();
    },
    onError: (err) => toast.error(PLATFORM_ADMIN_MESSAGES.SEND_EMAIL_FAILED, { description: err.message }),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!recipient) return;
    if (!subject.trim() || !message.trim()) {
      setError(PLATFORM_ADMIN_MESSAGES.SUPPORT_EMAIL_REQUIRED);
      return;
    }
    setError(null);
    send.mutate({
      to: recipient.email,
      subject: subject.trim(),
      message: message.trim(),
      userId: recipient.userId ?? undefined,
    });
  };

  return (
    <Dialog open={recipient !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Send Support Email</DialogTitle>
            <DialogDescription className="break-all">To {recipient?.email}</DialogDescription>
          </DialogHeader>
          <FormField label="Subject">
            {(field) => <Input {...field} value={subject} onChange={(e) => setSubject(e.target.value)} />}
          </FormField>
          <FormField label="Message">
            {(field) => (
              <Textarea {...field} rows={6} value={message} onChange={(e) => setMessage(e.target.value)} />
            )}
          </FormField>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? "Sending…" : "Send"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
