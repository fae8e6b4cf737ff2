import { useApiForm } from "~/client/use-api-form";
import { type AdminNetwork, networkInputSchema } from "~/contracts/admin-dealers";
import { m } from "~/paraglide/messages";
import { createDealerNetwork, updateDealerNetwork } from "./admin.mutations";

/** The pictures sent with a network: new files, and whether to drop the current ones. */
export type NetworkPictures = { logo: File | null; banner: File | null; removeLogo: boolean; removeBanner: boolean };

/**
 * `POST dealer-network` (new) or `POST dealer-network/{code}`: multipart with the `dealership` JSON and
 * the `logo` and `banner` files when chosen.
 */
export function useSaveDealerNetwork(
  network: AdminNetwork | null,
  pictures: NetworkPictures,
  onSaved: (saved: AdminNetwork) => void,
) {
  return useApiForm({
    schema: networkInputSchema,
    mutationFn: (values) => {
      const form = new FormData();
      form.set("dealership", JSON.stringify(values));
      if (pictures.logo) form.set("logo", pictures.logo);
      if (pictures.banner) form.set("banner", pictures.banner);
      const { removeLogo, removeBanner } = pictures;
      return network
        ? updateDealerNetwork(network.code, form, { removeLogo, removeBanner })
        : createDealerNetwork(form);
    },
    onSuccess: onSaved,
    fallbackMessage: () => m.error_generic(),
    formErrorWithFields: true,
  });
}
