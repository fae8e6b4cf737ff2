import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { meQueryOptions } from "~/client/use-session";
import { requireRegistered } from "~/client/route-guards";
import { DealerEditPage } from "~/features/dealers/components/dealer-edit-page";
import { brandOptionsQueryOptions, dealershipQueryOptions } from "~/features/dealers/dealers.queries";
import { ApiError } from "~/client/errors";
import { failPage } from "~/lib/page-error";
import { pageTitle } from "~/lib/page-title";
import { m } from "~/paraglide/messages";

/**
 * Dealer page editing for the dealership's members (and admins). Not nested in the public page
 * (`$dealerId_`): it has a layout of its own. The API decides who may edit (`editable`); others see 403.
 */
export const Route = createFileRoute("/_default/trgovec/$dealerId_/uredi")({
  beforeLoad: requireRegistered,
  loader: async ({ context: { queryClient }, params }) => {
    if (!/^[a-z0-9-]{1,60}$/.test(params.dealerId)) throw notFound();
    // Always fresh: an editor must start from what is saved now.
    const dealer = await queryClient.fetchQuery(dealershipQueryOptions(params.dealerId)).catch((e: unknown) => {
      if (e instanceof ApiError && e.statusCode === 404) throw notFound();
      throw e;
    });
    // Another dealership's page (or a buyer's visit) is the 403 page with HTTP 403.
    if (!dealer.editable) await failPage(403, "owner");
    await queryClient.ensureQueryData(brandOptionsQueryOptions()).catch(() => null);
    return { name: dealer.name };
  },
  head: ({ loaderData }) => ({
    meta: [
      { title: pageTitle(loaderData ? m.dpage_meta_title({ name: loaderData.name }) : m.dpage_title()) },
      { name: "robots", content: "noindex" },
    ],
  }),
  component: function EditDealerPage() {
    const { dealerId } = Route.useParams();
    const dealer = useSuspenseQuery(dealershipQueryOptions(dealerId)).data;
    const queryClient = useQueryClient();
    if (!dealer.editable) return null; // the loader answered 403
    // The header shows the dealership's public name from the profile.
    return (
      <DealerEditPage
        dealer={dealer}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey })}
      />
    );
  },
});
