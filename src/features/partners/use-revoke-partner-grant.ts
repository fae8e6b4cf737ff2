import { useQueryClient } from "@tanstack/react-query";
import { useApiForm } from "~/client/use-api-form";
import type { PartnerGrant } from "~/domain/partner-oauth";
import { m } from "~/paraglide/messages";
import { revokePartnerGrant } from "./partners.mutations";
import { partnerGrantsQueryOptions } from "./partners.queries";

/** `DELETE dealer/partner-grants/{partnerCode}`: the partner loses access; then the list reloads. */
export function useRevokePartnerGrant(onRevoked: (grant: PartnerGrant) => void) {
  const queryClient = useQueryClient();
  return useApiForm({
    mutationFn: (grant: PartnerGrant) => revokePartnerGrant(grant.partnerCode),
    onSuccess: async (_, grant) => {
      onRevoked(grant);
      await queryClient.invalidateQueries({ queryKey: partnerGrantsQueryOptions().queryKey });
    },
    fallbackMessage: () => m.partners_error_generic(),
    formErrorWithFields: true,
  });
}
