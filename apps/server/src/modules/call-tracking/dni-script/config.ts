import type { TDniSource } from "@leadpost/shared/domain/dni";

/** What the served script is started with: the company's numbers for one static number. */
export type TDniConfig = {
  key: string;
  /** Where a visit is recorded (answers the number the visit is to show). */
  endpoint: string;
  /** Where a later page of the visit says it is still there (its number stays held for it). */
  seenEndpoint: string;
  staticNumber: string;
  /** First tracking number per source; `fallback` (the default number) for a source without one. */
  numbers: Partial<Record<TDniSource, string>>;
  /** Sources with several numbers: each visit is shown its own, which the server picks. */
  pooled: TDniSource[];
  fallback: string | null;
  debug: boolean;
};
