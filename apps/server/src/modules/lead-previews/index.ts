/** Which buyers see a routed lead as a preview: the derived preview rule and its queries. */
export { isPreviewOf, leadPreviewBuyers, previewLeadIdsOf, type TLeadPreviewBuyer } from "./queries";
export { derivedPreviewRule, isPreviewSql, previewBuyersOfLead } from "./rule";
