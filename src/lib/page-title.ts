import { appConfig } from "~/app.config";

/** Page titles end with the product's name: "Iskanje | Avtotrg". */
export const pageTitle = (title?: string) => (title ? `${title} | ${appConfig.name}` : appConfig.name);
