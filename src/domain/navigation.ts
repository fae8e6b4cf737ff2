import type { Me } from "./user";

/** Every link the shell can show; labels live in messages/sl.json under the same key. */
export type NavKey =
  | "newPost"
  | "allPostings"
  | "advancedSearch"
  | "favourites"
  | "myPosts"
  | "dealershipProfile"
  | "dealershipPostings"
  | "verifyPhone"
  | "editProfile"
  | "savedSearches"
  | "adminModels"
  | "adminPostings"
  | "adminArticles"
  | "adminEquipment"
  | "adminDealerships"
  | "adminNetworks"
  | "adminSalespersons"
  | "adminAudit"
  | "adminUsers";

export type NavLink = { key: NavKey; href: string };

const adminLinks: NavLink[] = [
  { key: "adminModels", href: "/admin/models" },
  { key: "adminPostings", href: "/admin/postings" },
  { key: "adminArticles", href: "/administracija/clanki" },
  { key: "adminEquipment", href: "/administracija/oprema" },
  { key: "adminDealerships", href: "/administracija/poslovne-enote" },
  { key: "adminNetworks", href: "/administracija/poslovne-mreze" },
  { key: "adminSalespersons", href: "/administracija/svetovalci" },
  { key: "adminAudit", href: "/administracija/revizija" },
  { key: "adminUsers", href: "/administracija/uporabniki" },
];
// Editors see the posting editor, dealership and article editing (spec section 6).
const editorKeys = new Set<NavKey>(["adminPostings", "adminArticles", "adminDealerships"]);

export type ShellNavigation = {
  /** Desktop header links. */
  header: NavLink[];
  /** Bottom bar on mobile. */
  mobileMenu: NavLink[];
  /** User menu entries (signed in only). */
  userMenu: NavLink[];
  /** Role-based admin links, in the user menu and the sidebar. */
  admin: NavLink[];
  /** Verify-phone prompt: the phone is missing and nobody is impersonating. */
  phonePrompt: boolean;
  signedIn: boolean;
  dealer: boolean;
};

/** What the header, sidebar, mobile menu and user menu show for this user (spec section 2). */
export function shellNavigation(me: Me | null): ShellNavigation {
  const signedIn = me !== null;
  const dealer = Boolean(me?.dealership);
  const dealershipCode = me?.dealership?.code ?? null;
  const phonePrompt = Boolean(me && !me.impersonated && (!me.phoneNumber || me.registrationStatus === "MISSINGPHONE"));

  const header: NavLink[] = [
    { key: "newPost", href: "/nov-oglas" },
    { key: "allPostings", href: "/iskanje" },
    { key: "advancedSearch", href: "/napredno-iskanje" },
  ];
  if (signedIn) header.push({ key: "favourites", href: "/uporabnik/priljubljeni-oglasi" });
  if (signedIn && !dealer) header.push({ key: "myPosts", href: "/uporabnik/moji-oglasi" });
  if (dealershipCode) header.push({ key: "dealershipProfile", href: `/trgovec/${encodeURIComponent(dealershipCode)}` });
  if (dealer) header.push({ key: "dealershipPostings", href: "/dms/zaloga" });

  const mobileMenu: NavLink[] = [
    { key: "newPost", href: "/nov-oglas" },
    { key: "advancedSearch", href: "/napredno-iskanje" },
    { key: "favourites", href: "/uporabnik/priljubljeni-oglasi" },
    dealer ? { key: "dealershipPostings", href: "/dms/zaloga" } : { key: "myPosts", href: "/uporabnik/moji-oglasi" },
  ];

  const admin = me?.amzsAdmin
    ? adminLinks
    : me?.amzsPostingEditor
      ? adminLinks.filter((l) => editorKeys.has(l.key))
      : [];

  const userMenu: NavLink[] = [];
  if (phonePrompt) userMenu.push({ key: "verifyPhone", href: "/uporabnik/profil?verifyPhone=1" });
  if (signedIn) userMenu.push({ key: "savedSearches", href: "/uporabnik/shranjena-iskanja" });
  if (signedIn && !dealer) userMenu.push({ key: "editProfile", href: "/uporabnik/profil" });

  return { header, mobileMenu, userMenu, admin, phonePrompt, signedIn, dealer };
}
