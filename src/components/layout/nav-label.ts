import type { NavKey } from "~/domain/navigation";
import { m } from "~/paraglide/messages";

/** The Slovenian label of each shell link. */
export const navLabel: Record<NavKey, () => string> = {
  newPost: m.header_new_post,
  allPostings: m.header_all_postings,
  advancedSearch: m.header_advanced_search,
  favourites: m.header_favourites,
  myPosts: m.header_my_posts,
  dealershipProfile: m.header_dealership_profile,
  dealershipPostings: m.header_dealership_postings,
  verifyPhone: m.user_menu_verify_phone,
  editProfile: m.user_menu_edit_profile,
  savedSearches: m.saved_title,
  adminModels: m.admin_models,
  adminPostings: m.admin_postings,
  adminArticles: m.admin_articles,
  adminEquipment: m.admin_equipment,
  adminDealerships: m.admin_dealerships,
  adminNetworks: m.admin_networks,
  adminSalespersons: m.admin_salespersons,
  adminAudit: m.acontent_admin_audit,
  adminUsers: m.admin_users,
};
