// The zod pieces of `POST draft/{code}` built from the posting-field table (decision 055), with the Slovenian messages.
// Kept apart from the table so pages that only show a posting do not load zod.
import { centsFieldSchema } from "../money-schema";
import { isWebAddress } from "../web-address";
import { z } from "../zod-locale";
import { draftMessages } from "./define";
import { fieldEntry, type PostingFieldKey, type PostingFields, postingFieldKeys } from "./table";

const int = (max: number) =>
  z
    .number({ error: draftMessages.wholeNumber })
    .int({ error: draftMessages.wholeNumber })
    .min(0, { error: draftMessages.tooSmall })
    .max(max, { error: draftMessages.tooLarge })
    .nullable()
    .optional();
const decimal = (max: number) =>
  z
    .number({ error: draftMessages.number })
    .min(0, { error: draftMessages.tooSmall })
    .max(max, { error: draftMessages.tooLarge })
    .nullable()
    .optional();
const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: draftMessages.choose }).nullable().optional();
const text = (max: number) => z.string().trim().max(max, { error: draftMessages.text }).nullable().optional();
const bool = () => z.boolean().optional();
/** Empty text clears the field (null). */
const orEmpty = <S extends z.ZodType>(s: S) =>
  s
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null));
const yearMonth = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: draftMessages.month })
    .nullable()
    .optional();
const country = () =>
  z
    .string()
    .regex(/^[A-Z]{2}$/, { error: draftMessages.choose })
    .nullable()
    .optional();
const email = () =>
  orEmpty(
    z
      .string()
      .trim()
      .regex(/^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/, { error: draftMessages.email }),
  );
const tel = () =>
  orEmpty(
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s/-]{6,20}$/, { error: draftMessages.phone }),
  );
const url = (max: number) =>
  orEmpty(z.string().trim().max(max, { error: draftMessages.url }).refine(isWebAddress, { error: draftMessages.url }));

type SchemaFor<E> = E extends { kind: "enum"; values?: infer V extends readonly [string, ...string[]] }
  ? ReturnType<typeof oneOf<V>>
  : E extends { kind: "int" }
    ? ReturnType<typeof int>
    : E extends { kind: "decimal" }
      ? ReturnType<typeof decimal>
      : E extends { kind: "text" | "textarea" }
        ? ReturnType<typeof text>
        : E extends { kind: "bool" }
          ? ReturnType<typeof bool>
          : E extends { kind: "money" }
            ? typeof centsFieldSchema
            : E extends { kind: "yearMonth" }
              ? ReturnType<typeof yearMonth>
              : E extends { kind: "country" }
                ? ReturnType<typeof country>
                : E extends { kind: "email" }
                  ? ReturnType<typeof email>
                  : E extends { kind: "tel" }
                    ? ReturnType<typeof tel>
                    : ReturnType<typeof url>;

function schemaOf(key: PostingFieldKey): z.ZodType {
  const e = fieldEntry(key);
  const max = e.max ?? 0;
  switch (e.kind) {
    case "int":
      return int(max);
    case "decimal":
      return decimal(max);
    case "text":
    case "textarea":
      return text(max);
    case "enum":
      if (!e.values) throw new Error(`${key}: an enum needs its values`);
      return oneOf(e.values);
    case "bool":
      return bool();
    case "money":
      return centsFieldSchema;
    case "yearMonth":
      return yearMonth();
    case "country":
      return country();
    case "email":
      return email();
    case "tel":
      return tel();
    case "url":
      return url(max);
  }
}

/** The request fields of `POST draft/{code}` that come from the table (key → zod piece, typed per key). */
export const postingFieldShape = Object.fromEntries(postingFieldKeys.map((k) => [k, schemaOf(k)])) as {
  [K in PostingFieldKey]: SchemaFor<PostingFields[K]>;
};
