import { lazy, Suspense } from "react";

// The buyer dialog's "Bids and lead filters" section, loaded when an edit dialog opens: the buyers
// page's first load does not carry it.
const Section = lazy(() =>
  import("./buyer-distribution-section").then((m) => ({ default: m.BuyerDistributionSection })),
);

export function BidsAndFilters({ buyerId }: { buyerId: string }) {
  return (
    <Suspense fallback={null}>
      <Section buyerId={buyerId} />
    </Suspense>
  );
}
