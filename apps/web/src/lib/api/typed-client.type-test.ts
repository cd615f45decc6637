// Compiled by `npm run typecheck` (never run, never bundled): each `@ts-expect-error` below fails the
// typecheck if the mistake under it ever compiles, so the typed client keeps refusing unknown routes.
import { api, apiPath } from "./typed-client";

export async function typedClientRefusesMistakes(leadId: string) {
  // A documented route, its path parameter and its answer's type.
  const lead = await api.get("/api/leads/{leadId}", { params: { leadId } });
  const createdAt: string = lead.createdAt;

  // @ts-expect-error A path the server does not document (a renamed or removed route).
  await api.get("/api/lead/{leadId}", { params: { leadId } });
  // @ts-expect-error A hand-written path with its value in it is not a documented key.
  await api.get(`/api/leads/${leadId}`);
  // @ts-expect-error A documented path with a method it does not answer.
  await api.put("/api/leads/{leadId}", { params: { leadId } });
  // @ts-expect-error The path parameter is missing.
  await api.get("/api/leads/{leadId}");
  // @ts-expect-error A path parameter of another name.
  await api.get("/api/leads/{leadId}", { params: { id: leadId } });
  // @ts-expect-error The body is required.
  await api.post("/api/leads/{leadId}/assignments", { params: { leadId } });
  // @ts-expect-error A body field of another name.
  await api.post("/api/leads/{leadId}/assignments", { params: { leadId }, body: { buyer: "b" } });
  // @ts-expect-error A body field of the wrong type.
  await api.post("/api/leads/{leadId}/assignments", { params: { leadId }, body: { buyerId: 7 } });
  // @ts-expect-error A route that takes no body.
  await api.get("/api/leads", { body: { page: 1 } });
  // @ts-expect-error A query parameter the route does not document.
  await api.get("/api/leads", { query: { pageNumber: 1 } });

  // A download's URL is checked the same way.
  const exportUrl: string = apiPath("/api/leads/export");
  // @ts-expect-error A download the server does not document.
  apiPath("/api/leads/export.csv");
  // @ts-expect-error The path parameter is missing.
  apiPath("/api/leads/{leadId}");

  return [createdAt, exportUrl];
}
