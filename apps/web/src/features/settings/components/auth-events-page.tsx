import { AUTH_EVENT_STATUSES, AUTH_EVENT_TYPES } from "@leadpost/shared/domain/auth-events";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDisplayFormat } from "@/lib/preferences/use-display-format";
import { useIsCompanyAdmin } from "@/lib/session/use-is-company-admin";
import { fetchAuthEvents } from "../auth-events-api";
import { AccessDenied } from "./access-denied";

const selectClass = "h-9 rounded-md border bg-background px-3 text-sm";

/** 003 §2.9: sign-in history of the company, filtered by e-mail, event type and status. */
export function AuthEventsPage() {
  const isAdmin = useIsCompanyAdmin();
  const { dateTime } = useDisplayFormat();
  const [email, setEmail] = useState("");
  const [eventType, setEventType] = useState("");
  const [status, setStatus] = useState("");
  const events = useQuery({
    queryKey: ["auth-events", email, eventType, status],
    enabled: isAdmin,
    queryFn: ({ signal }) => {
      const query = {
        email: email.trim() || undefined,
        eventType: eventType || undefined,
        status: status || undefined,
      };
      return fetchAuthEvents(query, signal);
    },
  });
  if (!isAdmin) return <AccessDenied />;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Auth Events" description="Sign-ups, logins and logouts of your company's users." />
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Email">
          {(control) => <Input {...control} value={email} onChange={(e) => setEmail(e.target.value)} />}
        </FormField>
        <FormField label="Event type">
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={eventType}
              onChange={(e) => setEventType(e.target.value)}
            >
              <option value="">All events</option>
              {AUTH_EVENT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Status">
          {(control) => (
            <select
              {...control}
              className={selectClass}
              value={status}
              onChange={(e) => setStatus(e.target.value)}
            >
              <option value="">All statuses</option>
              {AUTH_EVENT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {events.isPending && <p role="status">Loading events...</p>}
      {events.isError && <p role="alert">Failed to load events</p>}
      {events.isSuccess && events.data.events.length === 0 && <p>No events found</p>}
      {events.isSuccess && events.data.events.length > 0 && (
        <div className="overflow-x-auto">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Event</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Error</TableHead>
                <TableHead>Date</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.data.events.map((e) => (
                <TableRow key={e.id}>
                  <TableCell className="break-all">{e.email ?? "—"}</TableCell>
                  <TableCell>{e.eventType}</TableCell>
                  <TableCell>{e.status}</TableCell>
                  <TableCell>{e.errorMessage ?? ""}</TableCell>
                  <TableCell>{dateTime(e.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
