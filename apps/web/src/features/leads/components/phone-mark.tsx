import { ZPhoneMarkSchema } from "@leadpost/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PhoneOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api/typed-client";
import { toast } from "@/lib/toast";

const markKey = (leadId: string) => ["leads", leadId, "phone-mark"] as const;

/**
 * The company's mark that a lead's phone number is invalid (no one reachable, the wrong person). With
 * the auto-approve rule on (Settings → Returns), buyers' returns of the lead are approved at once.
 */
export function PhoneMark({ leadId }: { leadId: string }) {
  const queryClient = useQueryClient();
  const mark = useQuery({
    queryKey: markKey(leadId),
    queryFn: ({ signal }) =>
      api.get("/api/lead-phone-marks/{leadId}", { params: { leadId }, schema: ZPhoneMarkSchema, signal }),
  });
  const change = useMutation({
    mutationFn: (invalid: boolean) =>
      invalid
        ? api.put("/api/lead-phone-marks/{leadId}", { params: { leadId }, schema: ZPhoneMarkSchema })
        : api.delete("/api/lead-phone-marks/{leadId}", { params: { leadId }, schema: ZPhoneMarkSchema }),
    onSuccess: (result) => {
      queryClient.setQueryData(markKey(leadId), result);
      void queryClient.invalidateQueries({ queryKey: ["returns"] });
      toast.success(
        result.phoneInvalid
          ? result.approved
            ? `Phone marked invalid; ${result.approved} pending ${result.approved === 1 ? "return" : "returns"} approved`
            : "Phone marked invalid"
          : "Invalid-phone mark cleared",
      );
    },
    onError: (e) => toast.error("The phone mark was not changed", { description: e.message }),
  });
  if (!mark.data) return null;
  const invalid = mark.data.phoneInvalid;
  return (
    <span className="ml-2 inline-flex flex-wrap items-center gap-2 align-middle">
      {invalid && (
        <Badge variant="warning">
          <PhoneOff aria-hidden="true" />
          Marked invalid
        </Badge>
      )}
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0"
        disabled={change.isPending}
        onClick={() => change.mutate(!invalid)}
      >
        {invalid ? "Clear invalid mark" : "Mark phone invalid"}
      </Button>
    </span>
  );
}
