import { COMPANY_SUSPENDED_MESSAGE } from "@leadpost/shared/domain/company-suspension";

/** What a suspended company's users see instead of its pages; nothing of theirs is deleted. */
export function CompanySuspendedScreen() {
  return (
    <div
      role="alert"
      className="mx-auto mt-10 grid max-w-xl gap-2 rounded-lg border border-dashed p-8 text-center"
    >
      <p className="font-medium">Company suspended</p>
      <p className="text-muted-foreground text-sm">{COMPANY_SUSPENDED_MESSAGE}</p>
    </div>
  );
}
