import { ArrowLeft, Construction } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";

type TComingSoonPageProps = {
  /** The screen's name, as in the navigation. */
  title: string;
  /** What the screen will do, in a sentence. */
  description?: string;
  /** Where to go instead (auth pages offer the way back to sign in). */
  back?: { to: string; label: string };
};

/** An honest stand-in for a routed screen that is not built yet: no sample data. */
export function ComingSoonPage({ title, description, back }: TComingSoonPageProps) {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={title} />
      <Card className="border-dashed">
        <CardHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Construction className="size-5" aria-hidden="true" />
          </div>
          <CardTitle>{title} — this screen is coming soon</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        {back && (
          <CardContent>
            <Button variant="outline" size="sm" asChild>
              <Link to={back.to}>
                <ArrowLeft />
                {back.label}
              </Link>
            </Button>
          </CardContent>
        )}
      </Card>
    </div>
  );
}
