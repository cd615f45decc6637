// The modules a user's action loads (a click, a tab, a dialog), listed once for the two that need them:
// bench/bundle-size.mjs leaves them out of a route's first download, and vite.config.ts gives them no
// list of modules to preload (that list would weigh on every first load of the page that can open them).

/**
 * Modules loaded only on a user's action (manifest keys, or the chunk's name for a library: sonner's is
 * named in apps/web/vite.config.ts, maplibre's after its file): when, and on which pages if not on all. bench/bundle-size-browser.mjs shows
 * these are not loaded when a route opens.
 */
export const ON_DEMAND = {
  "src/app/app-toaster.tsx": { when: "the first toast, click or key press (app/toaster-slot.tsx)" },
  "vendor-sonner": { when: "the first toast, click or key press (lib/toast.ts)" },
  "src/features/theme/components/theme-menu.tsx": { when: "the theme menu's first open" },
  "src/features/workspace/components/workspace-select.tsx": { when: "the workspace select's first open" },
  "src/components/ui/sidebar/sidebar-mobile.tsx": { when: "the phone drawer's first open" },
  "src/components/ui/sidebar/sidebar-menu-tooltip.tsx": { when: "the sidebar collapsed" },
  "src/features/shell/components/dev-mailbox-note.tsx": {
    when: "a development instance's mailbox on (never in production): its note",
  },
  "src/lib/session/impersonation-ended.ts": { when: "an impersonation that ended" },
  "src/features/impersonation/components/impersonation-notice.tsx": {
    when: "an impersonation on (a platform admin's Impersonate): the banner's text and the way back",
  },
  "src/features/leads/components/lead-detail-sheet.tsx": {
    when: "a lead's first opening on the leads screen",
  },
  "src/features/forms/components/builder/distribution-settings.tsx": {
    when: "the form builder's Settings tab, on a saved form",
  },
  "src/features/forms/components/builder/settings-panel.tsx": { when: "the form builder's Settings tab" },
  "src/features/forms/components/builder/embed-code.tsx": { when: "the form builder's Embed tab" },
  "src/features/forms/components/builder/field-editor.tsx": {
    when: "the form builder's first selected field",
  },
  "src/features/buyers/components/buyer-distribution-section.tsx": {
    when: "a buyer's edit dialog opening",
  },
  "src/features/buyers/components/buyer-form-dialog.tsx": {
    when: "the Add or Edit Buyer dialog's first open",
  },
  "src/features/buyers/components/invite-buyer-dialog.tsx": { when: "the Invite Buyer dialog's first open" },
  "src/features/buyers/components/archive-buyer-dialog.tsx": { when: "a buyer's first Archive" },
  "src/features/buyers/components/application-link-dialog.tsx": {
    when: "the Submit Application dialog's first open",
  },
  "src/features/buyers/components/buyer-caps-section.tsx": { when: "the Edit Buyer dialog's first open" },
  "src/features/buyer-portal/components/my-lead-dialog.tsx": { when: "My Leads' first lead opened" },
  "src/features/buyer-portal/components/purchase-dialog.tsx": {
    when: "a preview's first Purchase (the buyer dashboard, Available Leads)",
  },
  "src/features/buyer-portal/components/preview-board.tsx": {
    when: "the buyer dashboard's Newest Lead Previews in view (below the caps card)",
    pages: ["/buyer/dashboard"],
  },
  "src/features/buyer-portal/components/leads-tab.tsx": { when: "the buyer Settings page's Leads tab" },
  "src/features/buyer-portal/components/pause-leads-dialog.tsx": { when: "the Leads tab's Pause leads" },
  "src/components/lead-delivery/endpoints-panel.tsx": {
    when: "a buyer's Lead delivery dialog on the buyers screen, the buyer Settings page's Lead delivery tab",
    pages: ["/dashboard/buyers", "/buyer/settings"],
  },
  "src/features/buyer-portal/components/billing-history.tsx": {
    when: "the buyer Settings page's Billing tab",
  },
  "src/features/buyers/application-checks.ts": { when: "the buyer application form's first submit" },
  "src/features/buyer-portal/form-checks.ts": { when: "the buyer profile form's first submit" },
  "src/features/platform-admin/components/user-accounts-tab.tsx": {
    when: "Developer Settings' User Account Management tab",
  },
  "src/features/platform-admin/components/user-list-tab.tsx": {
    when: "Developer Settings' Lead Buyers or Company Owners tab",
  },
  "src/features/platform-admin/components/audit-log-tab.tsx": { when: "Developer Settings' Audit Log tab" },
  "src/features/owner-docs/components/distribution-doc.tsx": { when: "the documentation's Distribution tab" },
  "src/features/buyer-portal/components/buyer-help-guides.tsx": { when: "the Help page's Show guides" },
  "src/sign-in/islands.tsx": { when: "the sign-in page's theme menu or first toast" },
  "src/components/ui/select-radix.tsx": {
    when: "a select's first open (components/ui/select.tsx: a stand-in with its look until then)",
  },
  "src/components/ui/dialog-radix.tsx": {
    when: "a dialog's first open (components/ui/dialog.tsx: the backdrop with a spinner until then)",
  },
  "src/components/ui/confirm-dialog-content.tsx": {
    when: "a confirmation's first open (components/ui/confirm-dialog.tsx)",
  },
  "src/features/auth/form-checks.ts": {
    when: "an account form's first check: a submit, or a change once submitted (lib/lazy-resolver.ts)",
  },
  "src/features/auth/components/invited-registration.tsx": {
    when: "/auth/register?token=…, a buyer invitation's link from its e-mail",
  },
  "src/features/auth/components/team-join.tsx": { when: "/auth/register?team=…, a team invitation's link" },
  "src/features/auth/components/verification-sent.tsx": { when: "a company registration sent" },
  "src/features/niches/form-checks.ts": { when: "the niche form's first submit" },
  "src/features/niches/components/niche-dialog.tsx": { when: "the niche dialog's first open (Add or Edit)" },
  "src/features/returns/components/decide-return-dialog.tsx": {
    when: "a return's first Approve or Reject (components/ui/dialog.tsx lazyDialog)",
  },
  "src/features/dashboard/buyers-map/components/map-canvas.tsx": {
    when: "a buyers map to draw, with the maps library",
  },
  "src/lib/phone-library.ts": {
    when: "a list's first number outside the US (lib/phone-display.ts), a phone field's first focus (usePhoneLibrary)",
  },
  "src/features/call-tracking/components/dni-numbers-tab.tsx": { when: "call tracking's Legacy Numbers tab" },
  "src/features/call-tracking/components/tracking-numbers-tab.tsx": {
    when: "call tracking's Call Tracking tab",
  },
  "src/features/call-tracking/components/analytics-tab.tsx": { when: "call tracking's Analytics tab" },
  "src/features/call-tracking/components/sessions-tab.tsx": { when: "call tracking's Recent Sessions tab" },
  "src/features/call-center/components/test-call-dialog.tsx": {
    when: "the Test Call Center dialog's first open",
  },
  "src/features/call-center/components/call-history-tab.tsx": { when: "the call center's Call History tab" },
  "src/features/call-center/components/voicemails-tab.tsx": { when: "the call center's Voicemails tab" },
  "src/features/call-center/components/blocked-numbers-tab.tsx": {
    when: "the call center's Blocked Numbers tab",
  },
  "src/features/call-center/components/call-analytics-tab.tsx": { when: "the call center's Analytics tab" },
  "src/features/call-center/components/debugger-tab.tsx": { when: "the call center's Debugger tab" },
  "src/features/call-center/components/settings/call-center-settings-tab.tsx": {
    when: "the call center's Settings tab",
  },
  "src/features/settings/components/api-keys-tab.tsx": { when: "Company Settings' API Keys tab" },
  "src/features/settings/components/payment-tab.tsx": { when: "Company Settings' Payment tab" },
  "src/features/settings/components/email-tab.tsx": { when: "Company Settings' Email tab" },
  "src/features/settings/components/twilio-tab.tsx": { when: "Company Settings' Twilio tab" },
  "src/features/settings/components/maps-tab.tsx": { when: "Company Settings' Maps tab" },
  "src/features/settings/components/returns-tab.tsx": { when: "Company Settings' Returns tab" },
  "src/features/settings/components/backup-tab.tsx": { when: "Company Settings' Backup tab" },
  "src/features/settings/components/team-tab.tsx": { when: "Company Settings' Team tab" },
  "src/features/settings/components/subscription-panel.tsx": {
    when: "Company Settings' Subscription Settings card in view (below the tabs), its address (#subscription) or PayPal's return",
  },
  // By its chunk's name: other screens import it with them, so the manifest keys it as a shared chunk.
  "api-error-presenter": {
    when: "a failed call's first message, where only a call's onError words it (lib/present-error-later.ts)",
  },
  // By its chunk's name: the manifest keys a package's module by its path, which depends on where npm put it.
  "maplibre-gl": {
    when: "a buyers map to draw (a company with a maps key and buyers with service areas)",
  },
};

/** The chunk names of ON_DEMAND: a module's file name without its extension, a library's chunk name. */
export const ON_DEMAND_CHUNKS = Object.keys(ON_DEMAND).map((key) =>
  key.includes("/") ? key.slice(key.lastIndexOf("/") + 1).replace(/\.[jt]sx?$/, "") : key,
);
