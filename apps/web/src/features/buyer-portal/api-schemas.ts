// The portal answers' schemas, imported by ./api in development and tests only.
import { ZBuyerCapUsageSchema } from "@leadpost/shared";
import { z } from "zod";

export const ZPauseResultSchema = z.object({ message: z.string(), usage: ZBuyerCapUsageSchema });
export {
  ZBillingHistorySchema,
  ZBuyerCapUsageSchema,
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
