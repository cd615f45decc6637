// The portal answers' schemas, imported by ./api in development and tests only.
export {
  ZBillingHistorySchema,
  ZBuyerProfileSchema,
  ZBuyerReturnListSchema,
  ZBuyerSummarySchema,
  ZCaptureResultSchema,
  ZCreditOrderSchema,
  ZDeleteResultSchema,
  ZFiledReturnSchema,
  ZMyLeadListSchema,
  ZMyLeadSchema,
  ZPreviewListSchema,
  ZPurchaseLeadResultSchema,
} from "@leadpost/shared";
