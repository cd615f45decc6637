import type { TNiche } from "@leadpost/shared";
import { NICHE_MESSAGES } from "@leadpost/shared/domain/niches";
import { Pencil, Plus, Tags, Trash2, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { lazyDialog } from "@/components/ui/dialog";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useNiches } from "@/lib/queries/use-niches";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { useConfirmedRemoval } from "@/lib/use-confirmed-removal";
import { deleteNiche, nichesQueryKey } from "../api";

// The niche form loads on its first open (on-demand.mjs).
const NicheDialog = lazyDialog(
  () => import("./niche-dialog").then((m) => m.NicheDialog),
  (props) => props.open,
);

/** /dashboard/niches: the services the company sells, with their default price per lead. */
export function NichesPage() {
  const isAdmin = useIsCompanyAdmin();
  const niches = useNiches();
  const { money } = useDisplayFormat();
  const [editing, setEditing] = useState<TNiche | null>(null);
  const [creating, setCreating] = useState(false);
  // The server refuses while buyers use the niche and says why; that reason is the whole message.
  const removal = useConfirmedRemoval<TNiche>({
    remove: (niche) => deleteNiche(niche.id),
    invalidate: nichesQueryKey,
    failure: (reason) => reason,
    title: (niche) => `Delete ${niche.name}?`,
    description:
      "Forms and leads of this niche keep working without one. A niche that buyers still use cannot be deleted. This action cannot be undone.",
  });

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title="Niches"
        description="Name and price the services you sell. Buyers and forms are matched by niche."
        actions={
          isAdmin && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Add Niche
            </Button>
          )
        }
      />
      {niches.isPending ? (
        <div className="grid gap-2" role="status" aria-busy="true" aria-label="Loading niches">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : niches.isError ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle>{NICHE_MESSAGES.LOAD_FAILED}</CardTitle>
            <CardDescription>{niches.error.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="outline" onClick={() => void niches.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : niches.data.niches.length === 0 ? (
        <Card className="border-dashed">
          <CardHeader className="items-center text-center">
            <div className="mx-auto mb-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Tags className="size-5" aria-hidden="true" />
            </div>
            <CardTitle>No niches yet</CardTitle>
            <CardDescription>
              Create a niche for each service you sell, such as Roofing or HVAC.
            </CardDescription>
          </CardHeader>
          {isAdmin && (
            <CardContent className="flex justify-center">
              <Button onClick={() => setCreating(true)}>Create your first niche</Button>
            </CardContent>
          )}
        </Card>
      ) : (
        <Card className="py-0">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="text-right">Price per lead</TableHead>
                <TableHead className="text-right">Buyers</TableHead>
                <TableHead className="w-0 text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {niches.data.niches.map((niche) => (
                <TableRow key={niche.id}>
                  <TableCell className="font-medium">{niche.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(niche.price)}</TableCell>
                  <TableCell className="text-right tabular-nums">{niche.activeBuyerCount}</TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button asChild variant="ghost" size="sm">
                        <Link
                          to={`/dashboard/buyers?niche=${niche.id}&tab=all`}
                          aria-label={`Buyers of ${niche.name}`}
                        >
                          <Users aria-hidden="true" />
                          Buyers
                        </Link>
                      </Button>
                      {isAdmin && (
                        <>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setEditing(niche)}
                            aria-label={`Edit ${niche.name}`}
                          >
                            <Pencil aria-hidden="true" />
                            Edit
                          </Button>
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-destructive hover:text-destructive"
                            onClick={() => removal.ask(niche)}
                            aria-label={`Delete ${niche.name}`}
                          >
                            <Trash2 aria-hidden="true" />
                            Delete
                          </Button>
                        </>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      <NicheDialog
        open={creating || editing !== null}
        niche={editing}
        onOpenChange={(open) => {
          if (!open) {
            setCreating(false);
            setEditing(null);
          }
        }}
      />
      {removal.dialog}
    </div>
  );
}
