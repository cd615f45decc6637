import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Spinner } from "@/components/ui/busy-button";
import { buttonVariants } from "@/components/ui/button";

export type TConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /**
   * The confirmed action is running: both buttons are disabled, the action shows a spinner and the
   * dialog stays open until the caller closes it (set this when onConfirm starts a request).
   */
  busy?: boolean;
};

/** The dialog itself (components/ui/confirm-dialog.tsx loads it on its first open). */
export function ConfirmDialogContent(props: TConfirmDialogProps) {
  const waits = props.busy !== undefined;
  return (
    <AlertDialog open={props.open} onOpenChange={props.onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{props.title}</AlertDialogTitle>
          <AlertDialogDescription>{props.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={props.busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            disabled={props.busy}
            onClick={(event) => {
              if (waits) event.preventDefault();
              props.onConfirm();
            }}
          >
            {props.busy && <Spinner />}
            {props.confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
