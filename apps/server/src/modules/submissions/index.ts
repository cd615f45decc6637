/** Public form submissions: the accept path, spam checks, and the routing worker with its retries. */
export { forgetPublicForm } from "./form-cache";
export { loadPublicForm } from "./public-form";
export { retryFailedRouting } from "./routing-retry";
export { startRoutingWorker, type TRoutingWorker } from "./routing-worker";
export { acceptLeadJson, countRefusedSubmission, SubmissionRateLimitedError, submitForm } from "./service";
