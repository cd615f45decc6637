/** Public form submissions: spam checks, storing, and the routing attempts and retries. */
export { retryFailedRouting } from "./routing-retry";
export { loadPublicForm, SubmissionRateLimitedError, submitForm } from "./service";
