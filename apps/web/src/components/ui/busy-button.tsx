import { LoaderCircle } from "lucide-react";
import type * as React from "react";
import { Button } from "@/components/ui/button";

/** The spinning icon shown inside a button while its action runs. */
export function Spinner() {
  return <LoaderCircle className="animate-spin" aria-hidden="true" />;
}

type TBusyButtonProps = React.ComponentProps<typeof Button> & {
  /** The action is running: a spinner shows before the label. `disabled` stays the caller's choice. */
  busy: boolean;
  /** The label while busy ("Signing in..."); the children otherwise. */
  busyLabel?: React.ReactNode;
  /** The icon shown while idle, where the spinner goes while busy. */
  icon?: React.ReactNode;
};

/** A button with a spinner and an optional "working" label while its action runs. */
export function BusyButton({ busy, busyLabel, icon, children, ...props }: TBusyButtonProps) {
  return (
    <Button {...props}>
      {busy ? <Spinner /> : icon}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </Button>
  );
}
