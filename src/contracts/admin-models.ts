import { z } from "~/domain/zod-locale";

export const modelAdminMessages = {
  name: "Ime modela ne sme biti prazno.",
  nameTaken: "Model s tem imenom že obstaja.",
  missingSeries: "Vsaka serija mora pripadati natanko enemu modelu.",
  unknown: "Model ali serija ne pripada tej znamki.",
  missingModel: "Seznam mora vsebovati vse obstoječe modele znamke.",
  saveFailed: "Shranjevanje modelov ni uspelo. Poskusite znova.",
} as const;

const manufacturerCode = z.string().regex(/^[a-z0-9-]{1,40}$/, "Neveljavna znamka.");

/** `GET model-admin?manufacturer=`: the make whose models are shown (default: the first by name). */
export const modelAdminQuerySchema = z.object({ manufacturer: manufacturerCode.optional() });

/** `PUT model-admin`: the whole wanted mapping of one make: every base model (new ones without id) with its series. */
export const modelAdminSaveSchema = z.object({
  manufacturer: manufacturerCode,
  baseModels: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: z.string().trim().min(1, modelAdminMessages.name).max(60),
        seriesIds: z.array(z.number().int().positive()).max(500),
      }),
    )
    .min(1)
    .max(300),
});
export type ModelAdminSave = z.output<typeof modelAdminSaveSchema>;

export type ModelAdminView = {
  manufacturer: { code: string; name: string };
  baseModels: {
    id: number;
    code: string;
    name: string;
    series: {
      id: number;
      code: string;
      name: string;
      yearFrom: number | null;
      yearTo: number | null;
      postings: number;
    }[];
  }[];
};
