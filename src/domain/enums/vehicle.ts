// Enumerations of the vehicle itself, with Slovenian labels (decision 054: src/domain/enums/ by subject).
// Values mirror the backend/API wire format exactly, so they must never be "fixed"
// (e.g. MALFUCTIONING is misspelled on purpose).

export const bodyColors = [
  "WHITE",
  "SILVER",
  "BLACK",
  "GRAY",
  "BLUE",
  "RED",
  "BEIGE",
  "GREEN",
  "OTHER",
  "DARK_GRAY",
  "LIGHT_GRAY",
  "BROWN",
  "BORDEAUX_RED",
] as const;
export type BodyColor = (typeof bodyColors)[number];
export const bodyColorLabels: Record<BodyColor, string> = {
  WHITE: "Bela",
  SILVER: "Srebrna",
  BLACK: "Črna",
  GRAY: "Siva",
  BLUE: "Modra",
  RED: "Rdeča",
  BEIGE: "Bež",
  GREEN: "Zelena",
  OTHER: "Druga",
  DARK_GRAY: "Temno siva",
  LIGHT_GRAY: "Svetlo siva",
  BROWN: "Rjava",
  BORDEAUX_RED: "Bordo rdeča",
};
// Typical factory paint tones rather than pure RGB primaries, so generated car
// pictures look like real cars; OTHER is a neutral champagne that reads as "some colour".
export const bodyColorHex: Record<BodyColor, string> = {
  WHITE: "#F2F3EF",
  SILVER: "#C3C7CB",
  BLACK: "#1C1D20",
  GRAY: "#7E8388",
  BLUE: "#1F4A8A",
  RED: "#B0161E",
  BEIGE: "#D6C7A4",
  GREEN: "#2E5B3C",
  OTHER: "#A89A7E",
  DARK_GRAY: "#3D4246",
  LIGHT_GRAY: "#B4B8BA",
  BROWN: "#5A3E2E",
  BORDEAUX_RED: "#6A1627",
};
export const interiorColors = [
  "WHITE",
  "BLACK",
  "LIGHT_GRAY",
  "DARK_GRAY",
  "BEIGE",
  "BROWN",
  "BLUE",
  "RED",
  "BORDEAUX_RED",
  "GREEN",
  "OTHER",
] as const;
export type InteriorColor = (typeof interiorColors)[number];
export const interiorColorLabels: Record<InteriorColor, string> = {
  WHITE: "Bela",
  BLACK: "Črna",
  LIGHT_GRAY: "Svetlo siva",
  DARK_GRAY: "Temno siva",
  BEIGE: "Bež",
  BROWN: "Rjava",
  BLUE: "Modra",
  RED: "Rdeča",
  BORDEAUX_RED: "Bordo rdeča",
  GREEN: "Zelena",
  OTHER: "Druga",
};
export const bodyTypes = [
  "STATION_WAGON",
  "SALOON",
  "COUPE",
  "CONVERTIBLE",
  "SUV",
  "MINIVAN",
  "HATCHBACK",
  "VAN",
  "PICKUP",
] as const;
export type BodyType = (typeof bodyTypes)[number];
export const bodyTypeLabels: Record<BodyType, string> = {
  STATION_WAGON: "Karavan",
  SALOON: "Limuzina",
  COUPE: "Kupe",
  CONVERTIBLE: "Kabriolet",
  SUV: "SUV",
  MINIVAN: "Enoprostorec",
  HATCHBACK: "Kombilimuzina",
  VAN: "Kombi",
  PICKUP: "Pick-up",
};
export const energyClasses = ["A+", "A", "B", "C", "D", "E", "F", "G"] as const;
export type EnergyClass = (typeof energyClasses)[number];
export const energyClassLabels: Record<EnergyClass, string> = {
  "A+": "A+",
  A: "A",
  B: "B",
  C: "C",
  D: "D",
  E: "E",
  F: "F",
  G: "G",
};
export const damageStates = ["UNDAMAGED", "MALFUCTIONING", "DAMAGED", "CRASHED"] as const;
export type DamageState = (typeof damageStates)[number];
export const damageStateLabels: Record<DamageState, string> = {
  UNDAMAGED: "Nepoškodovano",
  MALFUCTIONING: "V okvari",
  DAMAGED: "Poškodovano",
  CRASHED: "Karambolirano",
};

export const driveWheels = ["FRONT", "REAR", "BOTH"] as const;
export type DriveWheel = (typeof driveWheels)[number];
export const driveWheelLabels: Record<DriveWheel, string> = {
  FRONT: "Prednji pogon",
  REAR: "Zadnji pogon",
  BOTH: "Štirikolesni pogon (4x4)",
};
export const euroStandards = [
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "5a",
  "5b",
  "6",
  "6b",
  "6c",
  "6d-Temp",
  "6d",
  "6e",
] as const;
export type EuroStandard = (typeof euroStandards)[number];
export const euroStandardLabels: Record<EuroStandard, string> = {
  "0": "Euro 0",
  "1": "Euro 1",
  "2": "Euro 2",
  "3": "Euro 3",
  "4": "Euro 4",
  "5": "Euro 5",
  "5a": "Euro 5a",
  "5b": "Euro 5b",
  "6": "Euro 6",
  "6b": "Euro 6b",
  "6c": "Euro 6c",
  "6d-Temp": "Euro 6d-Temp",
  "6d": "Euro 6d",
  "6e": "Euro 6e",
};
export const entryModes = ["VIN_ENTRY", "MANUAL_ENTRY"] as const;
export type EntryMode = (typeof entryModes)[number];
export const entryModeLabels: Record<EntryMode, string> = {
  VIN_ENTRY: "Vnos s številko šasije",
  MANUAL_ENTRY: "Ročni vnos",
};
export const metallicPaints = ["ALWAYS", "SOMETIMES", "NEVER"] as const;
export type MetallicPaint = (typeof metallicPaints)[number];
export const metallicPaintLabels: Record<MetallicPaint, string> = {
  ALWAYS: "Vedno metalik",
  SOMETIMES: "Včasih metalik",
  NEVER: "Nikoli metalik",
};

// NONE exists in some legacy payloads but is deliberately not a selectable fuel.
export const fuels = ["PETROL", "DIESEL", "GAS", "HYBRID", "ELECTRIC", "OTHER"] as const;
export type Fuel = (typeof fuels)[number];
export const fuelLabels: Record<Fuel, string> = {
  PETROL: "Bencin",
  DIESEL: "Dizel",
  GAS: "Plin",
  HYBRID: "Hibrid",
  ELECTRIC: "Elektrika",
  OTHER: "Drugo",
};
export const interiorMaterials = [
  "ALCANTARA",
  "LEATHER",
  "NAPA_LEATHER",
  "SYNTHETIC_LEATHER",
  "PART_LEATHER",
  "DESIGNO_LEATHER",
  "TEXTILE",
  "VELOUR",
  "OTHER",
] as const;
export type InteriorMaterial = (typeof interiorMaterials)[number];
export const interiorMaterialLabels: Record<InteriorMaterial, string> = {
  ALCANTARA: "Alcantara",
  LEATHER: "Usnje",
  NAPA_LEATHER: "Napa usnje",
  SYNTHETIC_LEATHER: "Umetno usnje",
  PART_LEATHER: "Delno usnje",
  DESIGNO_LEATHER: "Designo usnje",
  TEXTILE: "Blago",
  VELOUR: "Velur",
  OTHER: "Drugo",
};

export const roofTypes = ["NORMAL", "SUNROOF", "CANVAS", "TARGA", "HARDTOP", "HARDTOP_READY"] as const;
export type RoofType = (typeof roofTypes)[number];
export const roofTypeLabels: Record<RoofType, string> = {
  NORMAL: "Običajna streha",
  SUNROOF: "Strešno okno",
  CANVAS: "Platnena streha",
  TARGA: "Targa",
  HARDTOP: "Trda streha (hardtop)",
  HARDTOP_READY: "Pripravljeno za trdo streho",
};

export const transmissions = ["M", "A", "SEMI_A"] as const;
export type Transmission = (typeof transmissions)[number];
export const transmissionLabels: Record<Transmission, string> = {
  M: "Ročni",
  A: "Avtomatski",
  SEMI_A: "Polavtomatski",
};
export const rimsMaterials = ["ALU", "STEEL"] as const;
export type RimsMaterial = (typeof rimsMaterials)[number];
export const rimsMaterialLabels: Record<RimsMaterial, string> = {
  ALU: "Aluminijasta platišča",
  STEEL: "Jeklena platišča",
};
export const vehicleConditions = ["BRAND_NEW", "TESTING", "USED"] as const;
export type VehicleCondition = (typeof vehicleConditions)[number];
export const vehicleConditionLabels: Record<VehicleCondition, string> = {
  BRAND_NEW: "Novo",
  TESTING: "Testno",
  USED: "Rabljeno",
};
export const registrationStates = ["NOT_REGISTERED", "REGISTERED"] as const;
export type RegistrationState = (typeof registrationStates)[number];
export const registrationStateLabels: Record<RegistrationState, string> = {
  NOT_REGISTERED: "Neregistrirano",
  REGISTERED: "Registrirano",
};
