// The answers' schemas, imported by ./api in development and tests only.
import { z } from "zod";

export {
  ZApplicationCompanySchema,
  ZArchiveBuyerResultSchema,
  ZBuyerListSchema,
  ZBuyerResultSchema,
  ZInviteBuyerResultSchema,
} from "@leadpost/shared";

export const ZApplicationSubmitted = z.object({ success: z.literal(true), message: z.string() });
