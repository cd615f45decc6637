export { isPreviewOf, leadPreviewBuyers, previewLeadIdsOf, type TLeadPreviewBuyer } from "./queries";
export { derivedPreviewRule, isPreviewSql, previewBuyersOfLead } from "./rule";
