/** Outgoing e-mail: the queue-backed service, the shared layout and the dev mailbox. */
export { devMailboxEnabled, devPageAccess, registerDevMailbox } from "./dev-mailbox";
export { emailBrand, emailLayout, type TEmailBrand } from "./layout";
export { listEmailLog, resendFailedEmail } from "./log";
export { registerEmailRoutes } from "./routes";
export { createEmailService, type TEmailInput, type TEmailService } from "./service";
