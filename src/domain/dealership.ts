/** `GET dealership/{code}` for everyone: the public page's data (no business or billing fields). */
export type PublicDealership = {
  code: string;
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  email: string | null;
  webPage: string | null;
  social: { facebook: string | null; instagram: string | null; tiktok: string | null; youtube: string | null };
  hours: { weekdays: { from: string; to: string } | null; saturday: { from: string; to: string } | null };
  logoUrl: string | null;
  bannerUrl: string | null;
  brands: { code: string; name: string }[];
  network: string | null;
  publishedPostings: number;
  views: number;
};

/** Open now (Europe/Ljubljana): weekdays and Saturdays by the posted hours, closed on Sundays. */
export function isOpenNow(hours: PublicDealership["hours"], now: Date): boolean {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Ljubljana", weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  const day = get("weekday");
  const time = `${get("hour")}:${get("minute")}`;
  const slot = day === "Sun" ? null : day === "Sat" ? hours.saturday : hours.weekdays;
  return Boolean(slot && time >= slot.from && time < slot.to);
}
