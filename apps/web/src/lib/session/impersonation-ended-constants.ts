// Apart from impersonation-ended.ts so the app's first load carries only these constants; the way back
// loads when an impersonation has ended.

/** The server's 401 code when the request came from an impersonation that has ended (its hour ran out). */
export const IMPERSONATION_ENDED_CODE = "IMPERSONATION_ENDED";

/** Where the admin lands when an impersonation ends (003 §4: the admin's own session comes back). */
export const AFTER_IMPERSONATION_PATH = "/dashboard/developer";
