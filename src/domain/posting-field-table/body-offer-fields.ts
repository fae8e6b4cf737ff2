import {
  bodyColorLabels,
  bodyColors,
  bodyTypeLabels,
  bodyTypes,
  interiorColorLabels,
  interiorColors,
  interiorMaterialLabels,
  interiorMaterials,
  labelOf,
  priceTypeLabels,
  priceTypes,
  regionLabels,
  regions,
  rimsMaterialLabels,
  rimsMaterials,
  roofTypeLabels,
  roofTypes,
  warrantyTypeLabels,
  warrantyTypes,
} from "../enums";
import { centsFieldSchema } from "../money-schema";
import { isWebAddress } from "../web-address";
import { z } from "../zod-locale";
import { m } from "~/paraglide/messages";
import { bool, draftMessages, field, int, oneOf, orEmpty, text } from "./define";

/** Body, price, contact and warranty, in the wizard's order. */
export const bodyOfferFields = {
  bodyType: field("enum", oneOf(bodyTypes), {
    table: "postings",
    column: "bodyType",
    label: m.spec_body,
    form: "body",
    options: bodyTypeLabels,
    detail: "vehicle",
    spec: { group: "body", order: 10, show: (v) => labelOf(bodyTypeLabels, v) },
  }),
  doors: field("int", int(9), {
    table: "postings",
    column: "doors",
    label: m.spec_doors,
    form: "body",
    detail: "vehicle",
    spec: { group: "body", order: 20, show: (v) => v },
  }),
  seats: field("int", int(99), {
    table: "postings",
    column: "seats",
    label: m.spec_seats,
    form: "body",
    detail: "vehicle",
    spec: { group: "body", order: 30, show: (v) => v },
  }),
  color: field("enum", oneOf(bodyColors), {
    table: "postings",
    column: "color",
    label: m.spec_color,
    form: "body",
    options: bodyColorLabels,
    detail: "vehicle",
    spec: {
      group: "body",
      order: 40,
      show: (v, all) =>
        [labelOf(bodyColorLabels, v), all.metallic ? m.spec_metallic() : null].filter(Boolean).join(", "),
    },
  }),
  metallic: field("bool", bool(), {
    table: "postings",
    column: "metallic",
    label: m.spec_metallic_paint,
    form: "body",
    detail: "vehicle",
  }),
  interiorColor: field("enum", oneOf(interiorColors), {
    table: "postings",
    column: "interiorColor",
    label: m.spec_interior_color,
    form: "body",
    options: interiorColorLabels,
    detail: "vehicle",
    spec: { group: "body", order: 60, show: (v) => labelOf(interiorColorLabels, v) },
  }),
  interiorMaterial: field("enum", oneOf(interiorMaterials), {
    table: "postings",
    column: "interiorMaterial",
    label: m.spec_upholstery,
    form: "body",
    options: interiorMaterialLabels,
    detail: "vehicle",
    spec: { group: "body", order: 70, show: (v) => labelOf(interiorMaterialLabels, v) },
  }),
  roofType: field("enum", oneOf(roofTypes), {
    table: "postings",
    column: "roofType",
    label: m.spec_roof,
    form: "body",
    options: roofTypeLabels,
    detail: "vehicle",
    spec: { group: "body", order: 50, show: (v) => labelOf(roofTypeLabels, v) },
  }),
  rimsMaterial: field("enum", oneOf(rimsMaterials), {
    table: "details",
    column: "rimsMaterial",
    label: m.spec_rims,
    form: "body",
    options: rimsMaterialLabels,
    detail: "vehicle",
    spec: {
      group: "body",
      order: 80,
      show: (v, all) =>
        v || all.rimsSize
          ? [labelOf(rimsMaterialLabels, v), all.rimsSize ? m.value_inch({ value: String(all.rimsSize) }) : null]
              .filter(Boolean)
              .join(", ")
          : null,
    },
  }),
  rimsSize: field("int", int(30), {
    table: "details",
    column: "rimsSize",
    label: m.spec_rims_size,
    form: "body",
    unit: '"',
    detail: "vehicle",
  }),
  airbags: field("int", int(30), {
    table: "details",
    column: "airbags",
    label: m.spec_airbags,
    form: "body",
    detail: "vehicle",
    spec: { group: "body", order: 90, show: (v) => v },
  }),
  priceType: field("enum", oneOf(priceTypes), {
    table: "postings",
    column: "priceType",
    label: m.wizard_price_type,
    form: "price",
    options: priceTypeLabels,
    nullKeeps: true,
  }),
  price: field("money", centsFieldSchema, {
    table: "postings",
    column: "price",
    label: m.wizard_price,
    form: "price",
    unit: "€",
    detail: "posting",
  }),
  specialPrice: field("money", centsFieldSchema, {
    table: "postings",
    column: "specialPrice",
    label: m.wizard_special_price,
    form: "price",
    unit: "€",
    detail: "posting",
  }),
  financingPrice: field("money", centsFieldSchema, {
    table: "details",
    column: "financingPrice",
    label: m.wizard_financing_price,
    form: "price",
    unit: "€",
    detail: "posting",
  }),
  priceWithoutVat: field("money", centsFieldSchema, {
    table: "details",
    column: "priceWithoutVat",
    label: m.wizard_price_without_vat,
    form: "price",
    unit: "€",
    detail: "posting",
  }),
  cashDiscount: field("money", centsFieldSchema, {
    table: "details",
    column: "cashDiscount",
    label: m.wizard_cash_discount,
    form: "price",
    unit: "€",
    detail: "posting",
  }),
  vatDeductible: field("bool", bool(), {
    table: "details",
    column: "vatDeductible",
    label: m.price_vat_deductible,
    form: "price",
    detail: "posting",
  }),
  leaseTakeover: field("bool", bool(), {
    table: "details",
    column: "leaseTakeover",
    label: m.price_lease_takeover,
    form: "price",
    detail: "posting",
  }),
  swap: field("bool", bool(), {
    table: "postings",
    column: "swap",
    label: m.price_swap,
    form: "price",
    detail: "posting",
  }),
  description: field("textarea", text(10_000), {
    table: "details",
    column: "description",
    label: m.posting_description,
    form: "contact",
    detail: "posting",
  }),
  contactRegion: field("enum", oneOf(regions), {
    table: "postings",
    column: "contactRegion",
    label: m.spec_region,
    form: "contact",
    options: regionLabels,
  }),
  contactPlace: field("text", text(80), {
    table: "details",
    column: "contactPlace",
    label: m.wizard_place,
    form: "contact",
  }),
  contactEmail: field(
    "email",
    orEmpty(
      z
        .string()
        .trim()
        .regex(/^[^\s@]+@[^\s@]+\.[a-zA-Z]{2,}$/, { error: draftMessages.email }),
    ),
    { table: "details", column: "contactEmail", label: m.wizard_contact_email, form: "contact" },
  ),
  contactPhone: field(
    "tel",
    orEmpty(
      z
        .string()
        .trim()
        .regex(/^\+?[\d\s/-]{6,20}$/, { error: draftMessages.phone }),
    ),
    { table: "details", column: "contactPhone", label: m.wizard_contact_phone, form: "contact" },
  ),
  arrivalState: field("enum", z.enum(["ARRIVING", "READY"], { error: draftMessages.choose }).nullable().optional(), {
    table: "postings",
    column: "arrivalState",
    label: m.arrival_label,
    form: "contact",
    options: { READY: m.arrival_ready(), ARRIVING: m.card_arriving() },
  }),
  view360Url: field(
    "url",
    orEmpty(
      z.string().trim().max(500, { error: draftMessages.url }).refine(isWebAddress, { error: draftMessages.url }),
    ),
    { table: "details", column: "view360Url", label: m.pictures_360, detail: "posting" },
  ),
  warrantyType: field("enum", oneOf(warrantyTypes), {
    table: "details",
    column: "warrantyType",
    label: m.spec_warranty,
    form: "warranty",
    options: warrantyTypeLabels,
  }),
  warrantyMonths: field("int", int(120), {
    table: "details",
    column: "warrantyMonths",
    label: m.spec_warranty_months,
    form: "warranty",
    unit: m.wizard_months_unit(),
  }),
};
