// Enumerations of dealerships and their people, with Slovenian labels (decision 054: src/domain/enums/ by subject).
// Values mirror the backend/API wire format exactly, so they must never be "fixed"
// (e.g. MALFUCTIONING is misspelled on purpose).

export const contactStatuses = ["MISSING_EMAIL", "MISSING_PHONE", "OK"] as const;
export type ContactStatus = (typeof contactStatuses)[number];
export const contactStatusLabels: Record<ContactStatus, string> = {
  MISSING_EMAIL: "Manjka e-poštni naslov",
  MISSING_PHONE: "Manjka telefonska številka",
  OK: "V redu",
};

export const regions = [
  "SLOVENIJA",
  "LJUBLJANA",
  "MARIBOR",
  "CELJE",
  "KRANJ",
  "GORICA",
  "KOPER",
  "NOVO MESTO",
  "MURSKA SOBOTA",
] as const;
export type Region = (typeof regions)[number];
export const regionLabels: Record<Region, string> = {
  SLOVENIJA: "Vsa Slovenija",
  LJUBLJANA: "Ljubljana",
  MARIBOR: "Maribor",
  CELJE: "Celje",
  KRANJ: "Kranj",
  GORICA: "Nova Gorica",
  KOPER: "Koper",
  "NOVO MESTO": "Novo mesto",
  "MURSKA SOBOTA": "Murska Sobota",
};

export const dealershipRoles = ["HEAD", "SALESPERSON"] as const;
export type DealershipRole = (typeof dealershipRoles)[number];
export const dealershipRoleLabels: Record<DealershipRole, string> = {
  HEAD: "Vodja",
  SALESPERSON: "Prodajalec",
};
