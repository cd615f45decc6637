import type { TCreditBuyer } from "@leadpost/shared";
import { CREDIT_MESSAGES } from "@leadpost/shared/domain/credit-ledger";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { adjustCredits, creditKeys } from "../api";
import { adjustmentErrorToast } from "../messages";

/** Grant or revoke credits (002 §2 Lead Credits): buyer, amount, reason, note, expiry when granting. */
export function CreditForm({ buyers }: { buyers: TCreditBuyer[] }) {
  const queryClient = useQueryClient();
  const [buyerId, setBuyerId] = useState("");
  const [amount, setAmount] = useState("");
  const [revoke, setRevoke] = useState(false);
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [expiresAt, setExpiresAt] = useState("");
  const [key, setKey] = useState(() => crypto.randomUUID());

  const buyer = buyers.find((b) => b.id === buyerId);
  const parsed = Number(amount);
  const validAmount = amount.trim() !== "" && Number.isInteger(parsed) && parsed >= 1;
  const change = validAmount ? (revoke ? -parsed : parsed) : 0;
  const newBalance = buyer ? buyer.creditBalance + change : null;

  const clear = () => {
    setBuyerId("");
    setAmount("");
    setRevoke(false);
    setReason("");
    setNote("");
    setExpiresAt("");
    setKey(crypto.randomUUID());
  };

  const mutation = useMutation({
    mutationFn: () =>
      adjustCredits({
        buyerId,
        amount: change,
        reason: reason.trim(),
        note: note.trim() || null,
        expiresAt: !revoke && expiresAt ? new Date(`${expiresAt}T23:59:59`).toISOString() : null,
        // One key per filled-in form: a double click or retry books once.
        idempotencyKey: `adjust-${key}`,
      }),
    onSuccess: (result) => {
      toast.success(revoke ? "Credits Revoked" : "Credits Granted", {
        description: `New balance: ${result.newBalance} credits`,
      });
      clear();
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
    },
    onError: (error) => {
      const text = adjustmentErrorToast(error);
      toast.error(text.title, { description: text.description });
    },
  });

  const disabled = !buyerId || change === 0 || (newBalance !== null && newBalance < 0) || !reason.trim();
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!buyerId) return void toast.error(CREDIT_MESSAGES.INVALID_BUYER_ID);
        if (!disabled) mutation.mutate();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="credit-buyer">Buyer</Label>
        <Select value={buyerId} onValueChange={setBuyerId}>
          <SelectTrigger id="credit-buyer" aria-label="Buyer">
            <SelectValue placeholder="Choose a buyer" />
          </SelectTrigger>
          <SelectContent>
            {buyers.map((b) => (
              <SelectItem key={b.id} value={b.id}>
                {b.companyName || b.contactName} · {b.email} ({b.creditBalance})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center gap-3">
        <Switch id="credit-revoke" checked={revoke} onCheckedChange={setRevoke} />
        <Label htmlFor="credit-revoke">{revoke ? "Revoke credits" : "Grant credits"}</Label>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="credit-amount">Amount</Label>
        <Input
          id="credit-amount"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="credit-reason">Reason</Label>
        <Input
          id="credit-reason"
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="credit-note">Note</Label>
        <Textarea id="credit-note" maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      {!revoke && (
        <div className="grid gap-2">
          <Label htmlFor="credit-expiry">Expiry date (optional)</Label>
          <Input
            id="credit-expiry"
            type="date"
            value={expiresAt}
            onChange={(e) => setExpiresAt(e.target.value)}
          />
        </div>
      )}
      {buyer && (
        <dl className="grid grid-cols-3 gap-2 rounded-md border p-3 text-sm" aria-live="polite">
          <div>
            <dt className="text-muted-foreground">Buyer</dt>
            <dd className="truncate">{buyer.companyName || buyer.contactName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Current balance</dt>
            <dd className="tabular-nums">{buyer.creditBalance}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">New balance</dt>
            <dd
              className={
                newBalance !== null && newBalance < 0 ? "text-destructive tabular-nums" : "tabular-nums"
              }
            >
              {newBalance}
            </dd>
          </div>
        </dl>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={disabled || mutation.isPending}>
          {mutation.isPending ? "Saving..." : revoke ? "Revoke Credits" : "Grant Credits"}
        </Button>
        <Button type="button" variant="outline" onClick={clear}>
          Clear
        </Button>
      </div>
    </form>
  );
}
