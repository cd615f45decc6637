import type { TCall } from "@leadpost/shared";
import type * as React from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { formatDuration, showNumber } from "../lib/format";
import { CallStatusBadge } from "./call-status-badge";

type TProps = {
  calls: TCall[];
  label: string;
  /** Selection for delete; absent when the viewer cannot change anything. */
  selected?: Set<string>;
  onSelectedChange?: (next: Set<string>) => void;
  /** An extra last column (the recording player in Call History). */
  extra?: { header: string; cell: (call: TCall) => React.ReactNode };
};

/** Calls as a table that scrolls sideways inside itself on a phone, never the page. */
export function CallTable({ calls, label, selected, onSelectedChange, extra }: TProps) {
  const { dateTime } = useDisplayFormat();
  const selectable = Boolean(selected && onSelectedChange);
  const allSelected = selectable && calls.length > 0 && calls.every((c) => selected?.has(c.id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange?.(next);
  };
  return (
    <div className="rounded-md border">
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            {selectable && (
              <TableHead className="w-10">
                <Checkbox
                  aria-label="Select all calls"
                  checked={allSelected}
                  onCheckedChange={(on) =>
                    onSelectedChange?.(on ? new Set(calls.map((c) => c.id)) : new Set())
                  }
                />
              </TableHead>
            )}
            {/* Status comes early and To/Agent give way below 640 px: a phone shows who called and how it went. */}
            <TableHead>Time</TableHead>
            <TableHead>From</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden sm:table-cell">To</TableHead>
            <TableHead>Duration</TableHead>
            <TableHead className="hidden sm:table-cell">Agent</TableHead>
            {extra && <TableHead>{extra.header}</TableHead>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {calls.map((call) => (
            <TableRow key={call.id} data-state={selected?.has(call.id) ? "selected" : undefined}>
              {selectable && (
                <TableCell>
                  <Checkbox
                    aria-label={`Select the call from ${showNumber(call.fromNumber)}`}
                    checked={selected?.has(call.id) ?? false}
                    onCheckedChange={(on) => toggle(call.id, on === true)}
                  />
                </TableCell>
              )}
              <TableCell className="whitespace-nowrap">{dateTime(call.createdAt)}</TableCell>
              <TableCell className="whitespace-nowrap">{showNumber(call.fromNumber)}</TableCell>
              <TableCell>
                <CallStatusBadge call={call} />
              </TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {showNumber(call.toNumber)}
              </TableCell>
              <TableCell className="tabular-nums">{formatDuration(call.duration)}</TableCell>
              <TableCell className="hidden whitespace-nowrap sm:table-cell">
                {call.agent?.name ?? "—"}
              </TableCell>
              {extra && <TableCell>{extra.cell(call)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
