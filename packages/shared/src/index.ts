export * from "./domain/credits";
export * from "./domain/email";
export * from "./domain/form-answers";
export * from "./domain/form-fields";
export * from "./domain/form-layout";
export * from "./domain/geo";
export * from "./domain/lead-fields";
export * from "./domain/password-strength";
export * from "./domain/roles";
export * from "./domain/routing";
export * from "./schemas/accounts";
export * from "./schemas/auth-events";
export * from "./schemas/buyer-portal";
export * from "./schemas/buyers";
export * from "./schemas/credits";
export * from "./schemas/errors";
export * from "./schemas/forms";
export * from "./schemas/invitations";
export * from "./schemas/leads";
export * from "./schemas/niches";
<<<<<<< HEAD
export * from "./schemas/routing";
=======
export * from "./schemas/purchases";
>>>>>>> 1de574f (Purchases with credits: one transaction with wallet lock, consume entry, conditional slot update and full access; concurrency tests on PostgreSQL; bench of purchases under contention)
export * from "./schemas/session";
export * from "./schemas/system";
