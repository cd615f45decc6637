import { lazy, Suspense } from "react";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import type { TBuyerCapsFieldsProps } from "./buyer-caps-section";

// Loaded when the Edit dialog opens: the section stays out of the Buyers page's first download
// (scripts/check-bundle-size.mjs).
const BuyerCapsSection = lazy(async () => ({
  default: (await import("./buyer-caps-section")).BuyerCapsSection,
}));

/** The Edit Buyer dialog's "Caps and delivery hours" section (./buyer-caps-section). */
export function BuyerCapsFields(props: TBuyerCapsFieldsProps) {
  return (
    <Suspense fallback={<LoadingBlock rows={3} />}>
      <BuyerCapsSection {...props} />
    </Suspense>
  );
}
