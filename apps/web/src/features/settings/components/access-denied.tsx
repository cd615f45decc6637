import { SETTINGS_MESSAGES } from "@leadpost/shared/domain/settings";
import { ShieldAlert } from "lucide-react";

/** What the settings screens show a member who is not an owner or org admin. */
export function AccessDenied() {
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <ShieldAlert className="size-10 text-muted-foreground" aria-hidden="true" />
      <p>{SETTINGS_MESSAGES.ACCESS_DENIED}</p>
    </div>
  );
}
