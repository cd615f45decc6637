import { BuyersMap } from "../buyers-map/components/buyers-map";
import { BusinessOverview } from "./business-overview";

/** The dashboard under its tiles, loaded after them: the business charts, then the buyers map. */
export default function DashboardBelowTiles() {
  return (
    <>
      <BusinessOverview />
      <BuyersMap />
    </>
  );
}
