import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatCount, type TCountKind } from "@/lib/utils";

type TPagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Render nothing when everything fits on one page. */
  hideWhenSinglePage?: boolean;
  className?: string;
  /** How far total is known (@leadpost/shared "counts"): "about 1.2M", "1,000+". */
  totalKind?: TCountKind;
  /** Whether a page follows this one, when the list says so (it decides Next where total is estimated). */
  hasMore?: boolean;
  /** How counts are grouped: a company's list passes its country's (useDisplayFormat().locale). */
  locale?: string;
};

/** "first–last of total", previous / next and "Page X of Y". */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  hideWhenSinglePage,
  className,
  totalKind = "exact",
  hasMore,
  locale,
}: TPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (hideWhenSinglePage && pages <= 1) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className={className ?? "flex flex-wrap items-center justify-between gap-3 text-sm"}
    >
      <p className="text-muted-foreground">
        {formatCount(first, "exact", locale)}–{formatCount(last, "exact", locale)} of{" "}
        {formatCount(total, totalKind, locale)}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <span aria-current="page">
          Page {page} of {formatCount(pages, totalKind, locale)}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={hasMore === undefined ? page >= pages : !hasMore}
          onClick={() => onPage(page + 1)}
        >
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
