import type * as React from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";

type TFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Classes of the dialog's content box (its width). */
  className?: string;
  /** The form: mounted only while the dialog is open, so every opening starts from fresh state. */
  children: React.ReactNode;
};

/** A dialog holding a form that is mounted only while open. */
export function FormDialog({ open, onOpenChange, className, children }: TFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>{open && children}</DialogContent>
    </Dialog>
  );
}
