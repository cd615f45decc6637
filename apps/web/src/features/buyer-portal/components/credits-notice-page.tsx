import { BUYER_PORTAL_LIMITS } from "@leadpost/shared";
import { Info } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

/** Spec 003 §2.4: the legacy page; it says who may buy and goes to the dashboard after 5 s. */
export function CreditsNoticePage() {
  const navigate = useNavigate();
  const [left, setLeft] = useState(BUYER_PORTAL_LIMITS.CREDITS_REDIRECT_MS / 1000);
  useEffect(() => {
    const redirect = setTimeout(
      () => navigate("/buyer/dashboard", { replace: true }),
      BUYER_PORTAL_LIMITS.CREDITS_REDIRECT_MS,
    );
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => {
      clearTimeout(redirect);
      clearInterval(tick);
    };
  }, [navigate]);

  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeader title="Credits" />
      <Card role="status">
        <CardHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Info className="size-5" aria-hidden="true" />
          </div>
          <CardTitle>Individual credit purchase is disabled</CardTitle>
          <CardDescription>
            Only owners and administrators may buy credits for your organization.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-muted-foreground" aria-live="polite">
            Redirecting to your dashboard in {left} {left === 1 ? "second" : "seconds"}…
          </span>
          <Button asChild size="sm" variant="outline">
            <Link to="/buyer/dashboard">Go to dashboard now</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
