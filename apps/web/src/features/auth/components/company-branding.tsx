import { useQuery } from "@tanstack/react-query";
import { fetchCompanyBranding } from "../reset-api";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The company's logo (or name) when a page was opened with its tenant_id; nothing otherwise. */
export function CompanyBranding({ companyId }: { companyId: string | null }) {
  const valid = Boolean(companyId && UUID.test(companyId));
  const query = useQuery({
    queryKey: ["branding", companyId],
    queryFn: () => fetchCompanyBranding(companyId ?? ""),
    enabled: valid,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!query.data) return null;
  const { name, logoUrl } = query.data;
  return logoUrl ? (
    <img src={logoUrl} alt={`${name} logo`} className="h-12 max-w-40 object-contain" />
  ) : (
    <p className="font-semibold text-lg">{name}</p>
  );
}
