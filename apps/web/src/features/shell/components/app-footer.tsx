import { PRODUCT_NAME, SUPPORT_PHONE, telHref } from "@/lib/env";

/** Spec 001 §2 Layout: product name, support phone number, copyright. */
export function AppFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t px-4 py-4 text-muted-foreground text-sm md:px-6">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-medium text-foreground">{PRODUCT_NAME}</span>
          <span aria-hidden="true"> · </span>
          Support:{" "}
          <a
            href={telHref(SUPPORT_PHONE)}
            className="rounded-sm underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {SUPPORT_PHONE}
          </a>
        </p>
        <p>
          © {year} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
