import { PLATFORM_LIST_PAGE_SIZE, type TPlatformUserRow } from "@leadpost/shared";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Mail, Search, UserRoundCog, Users } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadingBlock } from "@/components/ui/lazy-panel";
import { Pager } from "@/components/ui/pager";
import { EmptyState, ErrorState } from "@/components/ui/query-states";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { fetchPlatformUsers, platformAdminKeys } from "../api";
import { ImpersonateDialog } from "./impersonate-dialog";
import { SupportEmailDialog } from "./support-email-dialog";

const ROLE_TEXT = {
  buyer: { noun: "lead buyers", empty: "No lead buyers found" },
  owner: { noun: "company owners", empty: "No company owners found" },
} as const;

/** 003 §2.11 role-based user list (buyer or owner) with search and pages of 20, and the row actions. */
export function UserListTab({ kind: role }: { kind: "buyer" | "owner" }) {
  const [draft, setDraft] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [emailing, setEmailing] = useState<TPlatformUserRow | null>(null);
  const [impersonating, setImpersonating] = useState<TPlatformUserRow | null>(null);
  const list = useQuery({
    queryKey: platformAdminKeys.users(role, search, page),
    queryFn: ({ signal }) => fetchPlatformUsers({ role, search, page }, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="grid gap-4">
      <search>
        <form
          className="flex max-w-md gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(draft.trim());
            setPage(1);
          }}
        >
          <Input
            aria-label={`Search ${ROLE_TEXT[role].noun}`}
            placeholder="Search by name, email or company"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>
      </search>
      {list.isPending ? (
        <LoadingBlock rows={4} />
      ) : list.isError ? (
        <ErrorState
          title={`Failed to load ${ROLE_TEXT[role].noun}`}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={Users} title={ROLE_TEXT[role].empty}>
          {search ? "Try another search." : null}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-md border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden md:table-cell">Email</TableHead>
                  <TableHead className="hidden md:table-cell">Company</TableHead>
                  {role === "buyer" && <TableHead className="hidden sm:table-cell">Status</TableHead>}
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {list.data.items.map((row) => (
                  <TableRow key={row.rowId}>
                    <TableCell className="max-w-44">
                      <div className="truncate">{row.name ?? "—"}</div>
                      <div className="truncate text-muted-foreground text-xs md:hidden">{row.email}</div>
                    </TableCell>
                    <TableCell className="hidden max-w-56 truncate md:table-cell">{row.email}</TableCell>
                    <TableCell className="hidden md:table-cell">{row.companyName}</TableCell>
                    {role === "buyer" && (
                      <TableCell className="hidden sm:table-cell">
                        <Badge variant="secondary" className="capitalize">
                          {row.status}
                        </Badge>
                      </TableCell>
                    )}
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setEmailing(row)}
                          aria-label={`Send support email to ${row.email}`}
                        >
                          <Mail aria-hidden="true" />
                          <span className="hidden lg:inline">Email</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => setImpersonating(row)}
                          disabled={!row.userId || row.isPlatformAdmin}
                          title={
                            row.isPlatformAdmin
                              ? "Platform admins cannot be impersonated"
                              : row.userId
                                ? undefined
                                : "This buyer has no account yet"
                          }
                          aria-label={`Impersonate ${row.email}`}
                        >
                          <UserRoundCog aria-hidden="true" />
                          <span className="hidden lg:inline">Impersonate</span>
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager page={page} pageSize={PLATFORM_LIST_PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      )}
      <SupportEmailDialog
        recipient={emailing ? { email: emailing.email, userId: emailing.userId } : null}
        onClose={() => setEmailing(null)}
      />
      <ImpersonateDialog
        target={impersonating?.userId ? { email: impersonating.email, userId: impersonating.userId } : null}
        onClose={() => setImpersonating(null)}
      />
    </div>
  );
}
