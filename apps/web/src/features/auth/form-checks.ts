// The account forms' checks (zod and their rules), imported on a form's first check through
// lib/lazy-resolver: listed in apps/web/on-demand.mjs.
import { zodResolver } from "@hookform/resolvers/zod";
import { ZCompanyRegistrationSchema } from "@leadpost/shared/schemas/accounts";
import { ZAcceptInvitationSchema } from "@leadpost/shared/schemas/invitations";
import { ZAcceptTeamInvitationSchema } from "@leadpost/shared/schemas/team";
import {
  ZBuyerLoginSchema,
  ZCodeResetSchema,
  ZCreatePasswordSchema,
  ZForgotPasswordSchema,
  ZResetPasswordSchema,
} from "./form-schemas";

export const acceptInvitationCheck = zodResolver(ZAcceptInvitationSchema);
export const acceptTeamInvitationCheck = zodResolver(ZAcceptTeamInvitationSchema);
export const companyRegistrationCheck = zodResolver(ZCompanyRegistrationSchema);
export const buyerLoginCheck = zodResolver(ZBuyerLoginSchema);
export const codeResetCheck = zodResolver(ZCodeResetSchema);
export const createPasswordCheck = zodResolver(ZCreatePasswordSchema);
export const forgotPasswordCheck = zodResolver(ZForgotPasswordSchema);
export const resetPasswordCheck = zodResolver(ZResetPasswordSchema);
