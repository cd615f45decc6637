import type * as React from "react";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

type TAuthCardProps = {
  title: string;
  description?: React.ReactNode;
  /** Shown above the title, e.g. an inviting company's logo or a state icon. */
  media?: React.ReactNode;
  footer?: React.ReactNode;
  children?: React.ReactNode;
};

/** The card every sign-in, registration and password page uses. */
export function AuthCard({ title, description, media, footer, children }: TAuthCardProps) {
  useDocumentTitle(title);
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        {media && <div className="mb-2 flex justify-center">{media}</div>}
        <CardTitle className="text-2xl">
          <h1>{title}</h1>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="grid gap-4">{children}</CardContent>}
      {footer && (
        <CardFooter className="flex-col justify-center gap-2 text-center text-muted-foreground text-sm">
          {footer}
        </CardFooter>
      )}
    </Card>
  );
}
