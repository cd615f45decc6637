import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { useCompanyStatus } from "../hooks/use-buyers";

/**
 * 001 §9 company setup completeness, shown where it matters: buyers are invited and notified by
 * e-mail, so missing e-mail settings mean messages go out from the platform's sender instead.
 */
export function SetupNotice() {
  const status = useCompanyStatus();
  if (!status.data || status.data.setupComplete) return null;
  return (
    <div
      role="note"
      className="mb-4 flex gap-3 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
      <p>
        <span className="font-medium">Company setup is incomplete.</span> Missing:{" "}
        {status.data.setupMissing.join(", ")}. Until it is complete, invitations are sent from the platform's
        address.{" "}
        <Link to="/owner/settings" className="font-medium underline underline-offset-4">
          Open settings
        </Link>
      </p>
    </div>
  );
}
