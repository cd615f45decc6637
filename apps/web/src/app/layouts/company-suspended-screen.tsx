import { COMPANY_SUSPENDED_MESSAGE } from "@leadpost/shared/domain/company-status";
import { Ban } from "lucide-react";
import { EmptyState } from "@/components/ui/query-states";

/** What a suspended company's users see instead of its pages; nothing of theirs is deleted. */
export function CompanySuspendedScreen() {
  return (
    <div className="mx-auto w-full max-w-xl py-10">
      <EmptyState icon={Ban} title="Company suspended">
        {COMPANY_SUSPENDED_MESSAGE}
      </EmptyState>
    </div>
  );
}
