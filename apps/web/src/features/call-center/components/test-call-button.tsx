import { PhoneCall } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyDialog } from "@/components/ui/dialog";

// The form (its select, fields and TwiML view) loads on the dialog's first open.
const TestCallDialog = lazyDialog(
  async () => (await import("./test-call-dialog")).TestCallDialog,
  (props: { open: boolean }) => props.open,
);

/** Test Call Center: a simulated inbound call through the same signed webhook Twilio uses. */
export function TestCallButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <PhoneCall aria-hidden="true" />
        Test Call Center
      </Button>
      <TestCallDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
