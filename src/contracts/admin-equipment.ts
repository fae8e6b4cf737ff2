/**
 * Additional-equipment descriptors (spec sections 3, 5 and 7: `POST equipment-descriptor`,
 * `POST`/`DELETE equipment-descriptor/{id}`): tied to an equipment code, with display name, link and
 * video id required. One schema for the admin form and the API.
 */
import { type EquipmentCode, type EquipmentGroup, equipmentCodes } from "~/domain/equipment";
import { isWebAddress, withWebScheme } from "~/domain/web-address";
import { youtubeVideoId } from "~/domain/youtube";
import { z } from "~/domain/zod-locale";
import { optionalText as optionalTextOf, requiredWebAddress } from "./content-fields";

export const equipmentAdminMessages = {
  equipment: "Izberite opremo.",
  displayName: "Vnesite prikazno ime.",
  link: "Vnesite povezavo.",
  linkInvalid: "Povezava ni veljavna. Vnesite naslov, ki se začne s http:// ali https://.",
  videoId: "Vnesite ID videa.",
  videoIdInvalid: "ID videa ni veljaven. Vnesite 11-mestni ID ali povezavo do videa na YouTubu.",
  make: "Neveljavna znamka.",
  tooManyMakes: "Izberete lahko največ 60 znamk.",
  tooLong: "Vnos je predolg.",
  notFound: "Opis opreme ne obstaja.",
  badId: "Neveljavna oznaka opisa opreme.",
  clash: "Za to opremo in te znamke opis že obstaja ({name}).",
} as const;
const msg = equipmentAdminMessages;

const optionalText = (max: number) => optionalTextOf(max, msg.tooLong);
const requiredLink = requiredWebAddress({ missing: msg.link, tooLong: msg.tooLong, invalid: msg.linkInvalid });

/** `POST equipment-descriptor` and `POST equipment-descriptor/{id}`: the whole descriptor. */
export const equipmentDescriptorInputSchema = z.object({
  equipmentCode: z.enum(equipmentCodes, { error: msg.equipment }),
  displayName: z
    .string({ error: msg.displayName })
    .trim()
    .min(1, { error: msg.displayName, abort: true })
    .max(120, msg.tooLong),
  // A pasted YouTube link is as good as the id; only the id is stored.
  videoId: z
    .string({ error: msg.videoId })
    .trim()
    .min(1, { error: msg.videoId, abort: true })
    .max(300, { error: msg.videoIdInvalid, abort: true })
    .transform((v, ctx) => {
      const id = youtubeVideoId(v);
      if (id) return id;
      ctx.addIssue({ code: "custom", message: msg.videoIdInvalid });
      return z.NEVER;
    }),
  description: optionalText(2000),
  category: optionalText(60),
  link: requiredLink,
  articleLink: optionalText(500)
    .transform((v) => (v ? withWebScheme(v) : null))
    .refine((v) => v === null || isWebAddress(v), msg.linkInvalid),
  limitedToMakes: z
    .array(z.string({ error: msg.make }).regex(/^[a-z0-9-]{1,60}$/, msg.make), { error: msg.make })
    .max(60, msg.tooManyMakes)
    .nullish()
    .transform((v) => [...new Set(v ?? [])].sort()),
});
export type EquipmentDescriptorInput = z.input<typeof equipmentDescriptorInputSchema>;
export type EquipmentDescriptorValues = z.output<typeof equipmentDescriptorInputSchema>;

/** `equipment-descriptor/{id}`. */
export const equipmentDescriptorIdParamSchema = z.object({
  id: z.coerce
    .number({ error: msg.badId })
    .int(msg.badId)
    .positive(msg.badId)
    .max(2 ** 31, msg.badId),
});

/** A descriptor as the admin list shows it, with the equipment's own name. */
export type AdminEquipmentDescriptor = {
  id: number;
  equipmentCode: string;
  displayName: string;
  videoId: string | null;
  description: string | null;
  category: string | null;
  link: string | null;
  articleLink: string | null;
  limitedToMakes: string[];
  createdAt: string;
  equipmentLabel: string;
};

/** The equipment to choose from: the codes grouped by segment, and the categories already used. */
export type EquipmentSegments = {
  segments: { code: EquipmentGroup; label: string; equipment: { code: EquipmentCode; label: string }[] }[];
  categories: string[];
};
