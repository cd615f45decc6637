import { Outlet } from "react-router";
import { SessionGate } from "@/features/session/components/session-gate";
import { DevMailboxBanner } from "@/features/shell/components/dev-mailbox-banner";
import { NavigationProgress } from "@/features/shell/components/navigation-progress";
import { UpdateNotice } from "@/features/version/components/update-notice";
import { SessionProvider } from "@/lib/session/session-provider";
import { WorkspaceProvider } from "@/lib/workspace/workspace-provider";

/** Everything except the public forms: the session bootstrap, workspace context and update notice. */
export function AppRoot() {
  return (
    <SessionProvider>
      <WorkspaceProvider>
        <DevMailboxBanner />
        <NavigationProgress />
        <SessionGate>
          <Outlet />
        </SessionGate>
        <UpdateNotice />
      </WorkspaceProvider>
    </SessionProvider>
  );
}
