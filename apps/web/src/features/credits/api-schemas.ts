// The answers' schemas, imported by ./api in development and tests only.
export {
  ZCreditAdjustmentResultSchema,
  ZCreditBuyersSchema,
  ZCreditLedgerSchema,
  ZCreditsHealthSchema,
} from "@leadpost/shared";
