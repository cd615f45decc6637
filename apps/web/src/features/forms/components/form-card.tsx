import type { TFormSummary } from "@leadpost/shared";
import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { FORM_LIST_MESSAGES } from "../lib/messages";

type TFormCardProps = {
  form: TFormSummary;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
};

export function FormCard({ form, busy, onToggle, onDelete }: TFormCardProps) {
  const published = form.status === "published";
  const { date } = useDisplayFormat();
  return (
    <Card className="h-full" aria-label={form.title}>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="line-clamp-2 break-words">{form.title}</CardTitle>
          <Badge variant={published ? "success" : "secondary"}>{published ? "Published" : "Draft"}</Badge>
        </div>
        <CardDescription className="line-clamp-2 break-words">
          {form.description || FORM_LIST_MESSAGES.NO_DESCRIPTION}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-muted-foreground text-xs">
        {form.leadCount} {form.leadCount === 1 ? "lead" : "leads"} · updated {date(form.updatedAt)}
      </CardContent>
      <CardFooter className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" variant={published ? "outline" : "default"} disabled={busy} onClick={onToggle}>
          {published ? "Unpublish" : "Publish"}
        </Button>
        <Button size="sm" variant="outline" asChild>
          <a href={`/forms/${form.id}/preview`} target="_blank" rel="noreferrer">
            <ExternalLink aria-hidden="true" /> View
          </a>
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link to={`/dashboard/forms/${form.id}`}>
            <Pencil aria-hidden="true" /> Edit
          </Link>
        </Button>
        <Button size="sm" variant="ghost" className="text-destructive" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
