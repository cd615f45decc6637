import {
  DEFAULT_DISPLAY_PREFERENCES,
  formatDate,
  formatDateTime,
  formatMoney,
  localeOf,
  type TDisplayPreferences,
} from "@leadpost/shared";
import { useQuery } from "@tanstack/react-query";
import { useContext, useMemo } from "react";
import { api } from "@/lib/api/typed-client";
import { formatCount, type TCountKind } from "@/lib/utils";
import { WorkspaceContext } from "@/lib/workspace/workspace-context";

export const displayPreferencesKey = ["display-preferences"] as const;

export type TDisplayFormat = {
  prefs: TDisplayPreferences;
  /** The country's locale ("de-DE"): counts and figures are grouped its way. */
  locale: string;
  count: (n: number, kind?: TCountKind) => string;
  money: (amount: number) => string;
  dateTime: (when: string | Date) => string;
  date: (when: string | Date) => string;
};

/**
 * Money and dates as the company's preferences write them (country, currency, time zone; 003 §2.8):
 * a company user reads its company's, a buyer the company it buys from. Until they load (or outside
 * a workspace, in tests) the spec's defaults apply.
 */
export function useDisplayFormat(): TDisplayFormat {
  const mode = useContext(WorkspaceContext)?.workspace.mode ?? "owner";
  const query = useQuery({
    queryKey: [...displayPreferencesKey, mode],
    queryFn: ({ signal }) =>
      api.get(
        mode === "buyer" ? "/api/buyer-portal/display-preferences" : "/api/company/display-preferences",
        {
          // Read on every page that shows money or dates: checked in development only (see TLazySchema).
          schema: import.meta.env.DEV
            ? () => import("@leadpost/shared/schemas/settings").then((s) => s.ZDisplayPreferencesSchema)
            : undefined,
          signal,
        },
      ),
    staleTime: 5 * 60_000,
  });
  const prefs = query.data ?? DEFAULT_DISPLAY_PREFERENCES;
  return useMemo((): TDisplayFormat => {
    const locale = localeOf(prefs.country);
    return {
      prefs,
      locale,
      count: (n, kind) => formatCount(n, kind, locale),
      money: (amount) => formatMoney(amount, prefs),
      dateTime: (when) => formatDateTime(when, prefs),
      date: (when) => formatDate(when, prefs),
    };
  }, [prefs]);
}
