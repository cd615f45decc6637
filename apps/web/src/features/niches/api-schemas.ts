// The answers' schemas, imported by ./api in development and tests only.
import { z } from "zod";

export { ZNicheResultSchema } from "@leadpost/shared";

export const ZNicheDeleteResultSchema = z.object({ success: z.literal(true), message: z.string() });
