import type { TDniSource } from "@leadpost/shared/domain/dni";

/** What the served script is started with: the company's numbers for one static number. */
export type TDniConfig = {
  key: string;
  /** Where the visit is recorded. */
  endpoint: string;
  staticNumber: string;
  /** Tracking number per source; `fallback` (the default number) for a source without one. */
  numbers: Partial<Record<TDniSource, string>>;
  fallback: string | null;
  debug: boolean;
};
