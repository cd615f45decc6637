// Every screen is its own lazily loaded chunk (route `lazy`), so a visitor downloads only what they open.

export const lazyCompanyLayout = async () => ({
  Component: (await import("./layouts/company-layout")).CompanyLayout,
});

export const lazyBuyerLayout = async () => ({
  Component: (await import("./layouts/buyer-layout")).BuyerLayout,
});

export const lazyAuthLayout = async () => ({
  Component: (await import("./layouts/auth-layout")).AuthLayout,
});

/** /login and /auth/login: the sign-in page is its own page (login.html), loaded anew. */
export const lazyOwnPage = async () => ({
  Component: (await import("./own-page-route")).OwnPageRoute,
});

export const lazyDashboardHome = async () => ({
  Component: (await import("@/features/dashboard/components/dashboard-home-page")).DashboardHomePage,
});

export const lazyWhoamiDebug = async () => ({
  Component: (await import("@/features/debug/components/whoami-debug-page")).WhoamiDebugPage,
});

export const lazyFormsList = async () => ({
  Component: (await import("@/features/forms/components/forms-list-page")).FormsListPage,
});

export const lazyFormBuilder = async () => ({
  Component: (await import("@/features/forms/components/form-builder-page")).FormBuilderPage,
});

export const lazyLeads = async () => ({
  Component: (await import("@/features/leads/components/leads-page")).LeadsPage,
});

/** Account pages of spec 000 (each its own chunk). */
export const authPage = {
  register: async () => ({
    Component: (await import("@/features/auth/pages/register-page")).RegisterPage,
  }),
  buyerLogin: async () => ({
    Component: (await import("@/features/auth/pages/buyer-login-page")).BuyerLoginPage,
  }),
  forgotPassword: (audience: "general" | "buyer") => async () => {
    const { ForgotPasswordPage } = await import("@/features/auth/pages/forgot-password-page");
    return { element: <ForgotPasswordPage audience={audience} /> };
  },
  resetPassword: (audience: "general" | "buyer") => async () => {
    const { ResetPasswordPage } = await import("@/features/auth/pages/reset-password-page");
    return { element: <ResetPasswordPage audience={audience} /> };
  },
  resetRedirect: async () => ({
    Component: (await import("@/features/auth/pages/reset-redirect-page")).ResetRedirectPage,
  }),
  callback: async () => ({
    Component: (await import("@/features/auth/pages/auth-callback-page")).AuthCallbackPage,
  }),
  codeReset: async () => ({
    Component: (await import("@/features/auth/pages/code-reset-page")).CodeResetPage,
  }),
  createPassword: async () => ({
    Component: (await import("@/features/auth/pages/create-password-page")).CreatePasswordPage,
  }),
};

export const lazyBuyersPage = async () => ({
  Component: (await import("@/features/buyers/components/buyers-page")).BuyersPage,
});

export const lazyCallCenter = async () => ({
  Component: (await import("@/features/call-center/components/call-center-page")).CallCenterPage,
});

export const lazyCallTracking = async () => ({
  Component: (await import("@/features/call-tracking/components/call-tracking-page")).CallTrackingPage,
});

export const lazyNichesPage = async () => ({
  Component: (await import("@/features/niches/components/niches-page")).NichesPage,
});

export const lazyReturnsPage = async () => ({
  Component: (await import("@/features/returns/components/returns-page")).ReturnsPage,
});

export const lazyBuyerApplication = async () => ({
  Component: (await import("@/features/buyers/components/buyer-application-page")).BuyerApplicationPage,
});

export const lazyDeveloperSettings = async () => ({
  Component: (await import("@/features/platform-admin/components/developer-settings-page"))
    .DeveloperSettingsPage,
});

export const lazyAdminCompany = async () => ({
  Component: (await import("@/features/platform-admin/components/company-page")).CompanyPage,
});

export const lazySubscribers = async () => ({
  Component: (await import("@/features/platform-admin/components/subscribers-page")).SubscribersPage,
});

export const lazyOwnerDocs = async () => ({
  Component: (await import("@/features/owner-docs/components/owner-docs-page")).OwnerDocsPage,
});

export const lazyNotFoundPage = async () => ({
  Component: (await import("@/features/not-found/components/not-found-page")).NotFoundPage,
});

export const lazyEmailPage = async () => ({
  Component: (await import("@/features/email/components/email-page")).EmailPage,
});

export const lazyAuthEventsPage = async () => ({
  Component: (await import("@/features/settings/components/auth-events-page")).AuthEventsPage,
});

export const lazyPreferencesPage = async () => ({
  Component: (await import("@/features/settings/components/preferences-page")).PreferencesPage,
});

export const lazySettingsPage = async () => ({
  Component: (await import("@/features/settings/components/settings-page")).SettingsPage,
});

export const lazyCreditsPage = async () => ({
  Component: (await import("@/features/credits/components/credits-page")).CreditsPage,
});

export const lazyInvitations = async () => ({
  Component: (await import("@/features/invitations/components/invitations-page")).InvitationsPage,
});
