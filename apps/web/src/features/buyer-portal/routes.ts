import type { RouteObject } from "react-router";

// Each buyer screen is its own lazily loaded chunk (spec 003 §2.1 buyer routes, under /buyer).
export const buyerPortalRoutes: RouteObject[] = [
  {
    path: "dashboard",
    lazy: async () => ({
      Component: (await import("./components/buyer-dashboard-page")).BuyerDashboardPage,
    }),
  },
  {
    path: "available-leads",
    lazy: async () => ({
      Component: (await import("./components/available-leads-page")).AvailableLeadsPage,
    }),
  },
  {
    path: "my-leads",
    lazy: async () => ({ Component: (await import("./components/my-leads-page")).MyLeadsPage }),
  },
  {
    path: "returns",
    lazy: async () => ({ Component: (await import("./components/buyer-returns-page")).BuyerReturnsPage }),
  },
  {
    path: "buy-credits",
    lazy: async () => ({ Component: (await import("./components/buy-credits-page")).BuyCreditsPage }),
  },
  {
    path: "credits",
    lazy: async () => ({ Component: (await import("./components/credits-notice-page")).CreditsNoticePage }),
  },
  {
    path: "settings",
    lazy: async () => ({ Component: (await import("./components/buyer-settings-page")).BuyerSettingsPage }),
  },
  {
    path: "documentation",
    lazy: async () => ({
      Component: (await import("./components/buyer-documentation-page")).BuyerDocumentationPage,
    }),
  },
  {
    path: "help",
    lazy: async () => ({ Component: (await import("./components/buyer-help-page")).BuyerHelpPage }),
  },
];
