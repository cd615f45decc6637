import type { TBuyerSummary, TPackageTone } from "@leadpost/shared";
import { CreditCard, Inbox, ListChecks, Pencil, Sparkles, UserRound } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usePhoneDisplay } from "@/lib/phone-display";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { cn } from "@/lib/utils";

export function ProfileCard({ profile }: { profile: TBuyerSummary["profile"] }) {
  // The number as formatPhone shows it, without the phone library for a US number (lib/phone-display.ts).
  const displayPhone = usePhoneDisplay();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound className="size-4 text-muted-foreground" aria-hidden="true" />
          Profile
        </CardTitle>
        <CardDescription>{profile.companyName ?? profile.contactName}</CardDescription>
        <CardAction>
          <Button asChild variant="ghost" size="sm">
            <Link to="/buyer/settings">
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <Badge variant="success">Active Buyer</Badge>
        <p className="font-medium">{profile.contactName}</p>
        <p className="text-muted-foreground">{profile.email}</p>
        {profile.phoneNumber && <p className="text-muted-foreground">{displayPhone(profile.phoneNumber)}</p>}
        <p className="text-muted-foreground">
          {[profile.city, profile.state, profile.zipCode].filter(Boolean).join(", ") || "No service area set"}
          {profile.niche ? ` · ${profile.niche.name}` : ""} · {profile.serviceRadius} mi radius
        </p>
      </CardContent>
    </Card>
  );
}

const TONE_CLASS: Record<TPackageTone, { bar: string; text: string }> = {
  green: { bar: "bg-success", text: "text-success" },
  yellow: { bar: "bg-warning", text: "text-warning" },
  red: { bar: "bg-destructive", text: "text-destructive" },
};

/** Spec 003 §4: the package with its remaining share coloured green, yellow or red. */
export function PackageCard({ pkg }: { pkg: TBuyerSummary["package"] }) {
  const tone = pkg.tone ? TONE_CLASS[pkg.tone] : null;
  return (
    <Card data-testid="package-card" data-tone={pkg.tone ?? "none"}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-4 text-muted-foreground" aria-hidden="true" />
          Subscription
        </CardTitle>
        <CardDescription>{pkg.label}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {pkg.kind === "unlimited" ? (
          <p className="font-semibold text-2xl">Unlimited</p>
        ) : pkg.kind === "none" ? null : (
          <>
            <p className={cn("font-semibold text-2xl tabular-nums", tone?.text)}>
              {pkg.remaining}{" "}
              <span className="font-normal text-base text-muted-foreground">of {pkg.total} leads left</span>
            </p>
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-label="Leads remaining"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pkg.percentRemaining ?? 0}
            >
              <div className={cn("h-full", tone?.bar)} style={{ width: `${pkg.percentRemaining ?? 0}%` }} />
            </div>
          </>
        )}
        <p
          className={cn("text-muted-foreground", pkg.remaining < 5 && pkg.kind !== "unlimited" && tone?.text)}
        >
          {pkg.message}
        </p>
      </CardContent>
    </Card>
  );
}

export function StatCards({ stats }: { stats: TBuyerSummary["stats"] }) {
  // Grouped the way of the country of the company the buyer buys from.
  const { count } = useDisplayFormat();
  const items = [
    { title: "Full Access Leads", value: count(stats.fullAccessLeads), icon: ListChecks },
    {
      title: "Available Previews",
      value: count(stats.availablePreviews, stats.morePreviews ? "atLeast" : "exact"),
      icon: Inbox,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {items.map(({ title, value, icon: Icon }) => (
        <Card key={title} className="gap-2">
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Icon className="size-4" aria-hidden="true" />
              {title}
            </CardDescription>
            <CardTitle className="text-3xl tabular-nums" data-testid={`stat-${title}`}>
              {value}
            </CardTitle>
          </CardHeader>
        </Card>
      ))}
      <Card className="gap-2">
        <CardHeader>
          <CardDescription className="flex items-center gap-2">
            <CreditCard className="size-4" aria-hidden="true" />
            Organization Credits
          </CardDescription>
          <CardTitle className="text-3xl tabular-nums" data-testid="stat-Organization Credits">
            {count(stats.credits)}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Button asChild size="sm" variant="outline">
            <Link to="/buyer/buy-credits">Buy Credits Here</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
