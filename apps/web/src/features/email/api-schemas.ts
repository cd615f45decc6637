// The answers' schemas, imported by ./api in development and tests only.
export {
  ZEmailLogMessageSchema,
  ZEmailLogSchema,
} from "@leadpost/shared";
