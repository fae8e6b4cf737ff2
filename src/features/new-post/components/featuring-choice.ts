import { type FeaturingChoice, isFeaturingPackage } from "~/domain/featuring";

/** The featuring picked on the advertising step travels to the warranty step in its address (`package`, `days`). */
export function featuringChoiceOf(search: { package?: unknown; days?: unknown }): FeaturingChoice | null {
  const days = Number(search.days);
  return isFeaturingPackage(search.package) && Number.isInteger(days) && days > 0 && days <= 180
    ? { package: search.package, days }
    : null;
}

/** `href` with the featuring choice in its address (the warranty step and the preview read it back). */
export function withChoice(href: string, choice: FeaturingChoice | null) {
  if (!choice) return href;
  const url = new URL(href, "https://avtotrg.invalid");
  url.searchParams.set("package", choice.package);
  url.searchParams.set("days", String(choice.days));
  return `${url.pathname}${url.search}`;
}
