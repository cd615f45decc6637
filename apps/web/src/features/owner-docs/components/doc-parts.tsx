import type * as React from "react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** A titled block of a documentation tab. */
export function DocSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-3 text-sm leading-relaxed [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-1 [&_ul]:list-disc [&_ul]:space-y-1">
        {children}
      </CardContent>
    </Card>
  );
}

/** A screenshot of the product, lazily loaded, with its caption. */
export function DocScreenshot({ src, alt, caption }: { src: string; alt: string; caption: string }) {
  return (
    <figure className="grid min-w-0 gap-2">
      <img
        src={src}
        alt={alt}
        loading="lazy"
        className="h-auto w-full max-w-full rounded-md border bg-muted"
        width={1280}
        height={800}
      />
      <figcaption className="text-muted-foreground text-xs">{caption}</figcaption>
    </figure>
  );
}

/** A link to a screen of the app. */
export function DocLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
