import { Copy, ExternalLink } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useSession } from "@/lib/session/use-session";
import { toast } from "@/lib/toast";

/**
 * Submit Lead Buyer Application: the company's public application link. Applicants land in Pending
 * Buyers and the admin is e-mailed; sending them an invitation approves them.
 */
export function ApplicationLinkDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const { user } = useSession();
  const companyId = user?.organizationId;
  const link = companyId ? `${window.location.origin}/register?company=${companyId}` : null;

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success("Application link copied");
    } catch {
      toast.error("Could not copy the link. Select it and copy it by hand.");
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Submit Lead Buyer Application</DialogTitle>
          <DialogDescription>
            Share this link with prospective buyers. Their applications appear under Pending Buyers; send an
            invitation to approve one.
          </DialogDescription>
        </DialogHeader>
        {link ? (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-link`}>Application link</Label>
            <div className="flex gap-2">
              <Input id={`${id}-link`} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
              <Button
                type="button"
                variant="outline"
                onClick={() => void copy()}
                aria-label="Copy application link"
              >
                <Copy aria-hidden="true" />
              </Button>
            </div>
          </div>
        ) : (
          <p role="alert" className="text-destructive text-sm">
            No company association was found for your account.
          </p>
        )}
        <DialogFooter>
          {link && (
            <Button asChild variant="outline">
              <a href={link} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" />
                Open the application form
              </a>
            </Button>
          )}
          <Button type="button" onClick={() => onOpenChange(false)}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
