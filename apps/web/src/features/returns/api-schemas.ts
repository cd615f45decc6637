// The answers' schemas, imported by ./api in development and tests only.
export {
  ZReturnDecisionSchema,
  ZReturnListSchema,
  ZReturnSettingsSchema,
} from "@leadpost/shared";
