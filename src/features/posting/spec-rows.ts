import { regionLabels } from "~/domain/enums/dealer";
import { labelOf } from "~/domain/enums/labels";
import { warrantyTypeLabels } from "~/domain/enums/posting";
import {
  bodyColorLabels,
  bodyTypeLabels,
  damageStateLabels,
  driveWheelLabels,
  euroStandardLabels,
  fuelLabels,
  interiorColorLabels,
  interiorMaterialLabels,
  rimsMaterialLabels,
  roofTypeLabels,
  transmissionLabels,
  vehicleConditionLabels,
} from "~/domain/enums/vehicle";
import { formatConsumption, formatDateMonthYear, formatMileage, formatNumber, formatPower } from "~/domain/format";
import { countryName } from "~/domain/countries";
import type { PostingDetail } from "~/domain/posting-detail";
import { m } from "~/paraglide/messages";

export type SpecGroup = { key: string; title: string; rows: [string, string][] };

const yes = () => m.value_yes();

/** The label fields of spec section 3 in groups; empty values are left out. */
export function specGroups(p: PostingDetail): SpecGroup[] {
  const v = p.vehicle;
  const row = (label: string, value: string | number | null | undefined | false): [string, string] | null =>
    value === null || value === undefined || value === false || value === "" ? null : [label, String(value)];
  const consumption = (n: number | null) =>
    n === null
      ? null
      : v.fuel === "ELECTRIC"
        ? m.value_kwh_per_100({ value: formatNumber(n, 1) })
        : formatConsumption(n);
  const groups: { key: string; title: string; rows: ([string, string] | null)[] }[] = [
    {
      key: "basic",
      title: m.spec_group_basic(),
      rows: [
        row(m.spec_brand(), p.manufacturerName),
        // Series names usually repeat the model ("Tiguan II"): show the more specific one.
        row(
          m.spec_model(),
          p.seriesName && p.modelName && p.seriesName.startsWith(p.modelName)
            ? p.seriesName
            : [p.modelName, p.seriesName].filter(Boolean).join(" "),
        ),
        row(m.spec_trim(), p.trimName),
        row(m.spec_year(), v.modelYear),
        row(m.spec_condition(), labelOf(vehicleConditionLabels, v.condition)),
        row(m.spec_mileage(), v.odometerKm === null ? null : formatMileage(v.odometerKm)),
        row(
          m.spec_first_registration(),
          v.firstRegistration ? formatDateMonthYear(`${v.firstRegistration}-01T12:00:00Z`) : null,
        ),
        row(m.spec_registration_country(), v.firstRegistrationCountry ? countryName(v.firstRegistrationCountry) : null),
        row(m.spec_slovenian_vehicle(), v.slovenianVehicle && yes()),
        row(m.spec_owners(), v.previousOwners),
        row(m.spec_damage(), labelOf(damageStateLabels, v.damage)),
        row(m.spec_service_book(), v.serviceBook && yes()),
        row(m.spec_vin(), p.vin ?? (p.hiddenVin ? m.spec_vin_hidden() : null)),
      ],
    },
    {
      key: "engine",
      title: m.spec_group_engine(),
      rows: [
        row(m.spec_fuel(), labelOf(fuelLabels, v.fuel)),
        row(m.spec_power(), v.powerKw ? formatPower(v.powerKw) : null),
        row(m.spec_displacement(), v.displacementCcm ? m.value_ccm({ value: formatNumber(v.displacementCcm) }) : null),
        row(m.spec_transmission(), labelOf(transmissionLabels, v.transmission)),
        row(m.spec_drive(), labelOf(driveWheelLabels, v.driveWheels)),
        row(m.spec_consumption_city(), consumption(v.consumptionCity)),
        row(m.spec_consumption_highway(), consumption(v.consumptionHighway)),
        row(m.spec_consumption_combined(), consumption(v.consumptionCombined)),
        row(m.spec_co2(), v.co2 === null ? null : m.value_co2({ value: String(v.co2) })),
        row(m.spec_euro(), labelOf(euroStandardLabels, v.euroStandard) ?? v.euroStandard),
        row(m.spec_battery(), v.batteryKwh ? m.value_kwh({ value: formatNumber(v.batteryKwh, 1) }) : null),
        row(m.spec_range(), v.rangeKm ? m.value_km({ value: formatNumber(v.rangeKm) }) : null),
      ],
    },
    {
      key: "body",
      title: m.spec_group_body(),
      rows: [
        row(m.spec_body(), labelOf(bodyTypeLabels, v.bodyType)),
        row(m.spec_doors(), v.doors),
        row(m.spec_seats(), v.seats),
        row(
          m.spec_color(),
          [labelOf(bodyColorLabels, v.color) ?? v.color, v.metallic ? m.spec_metallic() : null]
            .filter(Boolean)
            .join(", "),
        ),
        row(m.spec_roof(), labelOf(roofTypeLabels, v.roofType)),
        row(m.spec_interior_color(), labelOf(interiorColorLabels, v.interiorColor) ?? v.interiorColor),
        row(m.spec_upholstery(), labelOf(interiorMaterialLabels, v.interiorMaterial) ?? v.interiorMaterial),
        row(
          m.spec_rims(),
          v.rimsMaterial || v.rimsSize
            ? [
                labelOf(rimsMaterialLabels, v.rimsMaterial),
                v.rimsSize ? m.value_inch({ value: String(v.rimsSize) }) : null,
              ]
                .filter(Boolean)
                .join(", ")
            : null,
        ),
        row(m.spec_airbags(), v.airbags),
      ],
    },
    {
      key: "warranty",
      title: m.spec_group_warranty(),
      rows: [
        row(m.spec_warranty(), p.warranty ? labelOf(warrantyTypeLabels, p.warranty.type) : null),
        row(m.spec_warranty_months(), p.warranty?.months ? m.value_months({ value: String(p.warranty.months) }) : null),
        row(m.spec_region(), labelOf(regionLabels, p.seller.region)),
      ],
    },
  ];
  return groups
    .map((g) => ({ key: g.key, title: g.title, rows: g.rows.filter((r): r is [string, string] => r !== null) }))
    .filter((g) => g.rows.length > 0);
}
