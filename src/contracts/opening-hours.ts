import {
  dayHoursProblems,
  legacyHours,
  openingHoursMessages,
  toDayHours,
  type WeekHours,
  weekdays,
  weekFromLegacy,
} from "~/domain/opening-hours";
import { z } from "~/domain/zod-locale";

const msg = openingHoursMessages;
const time = z.string({ error: msg.format }).max(5, msg.format).nullish();

/** One day as the forms send it: `closed`, or from–to with an optional break (empty meaning not given). */
const dayInputSchema = z.object(
  { closed: z.boolean({ error: msg.day }).nullish(), from: time, to: time, breakFrom: time, breakTo: time },
  { error: msg.day },
);

/**
 * `hours` of the dealer page and the admin's dealership form (decision 072): exactly the seven days
 * mon…sun, each checked on its own with the problem at its field (`hours.sun.from`); stored as
 * {@link WeekHours} (a closed day null).
 */
export const weekHoursInputSchema = z
  .strictObject(
    Object.fromEntries(weekdays.map((d) => [d, dayInputSchema])) as Record<
      (typeof weekdays)[number],
      typeof dayInputSchema
    >,
    {
      error: msg.week,
    },
  )
  .superRefine((week, ctx) => {
    for (const day of weekdays)
      for (const problem of dayHoursProblems(week[day]))
        ctx.addIssue({ code: "custom", path: [day, problem.field], message: problem.message });
  })
  .transform((week) => Object.fromEntries(weekdays.map((d) => [d, toDayHours(week[d])])) as WeekHours);
export type WeekHoursInput = z.input<typeof weekHoursInputSchema>;

/**
 * The stored hours of a valid form: its `hours` when sent, else (a client that sends only the spec's
 * weekly and Saturday hours) the week made of those; the spec's four fields always follow the week.
 */
export function withOpeningHours<
  T extends {
    hours?: WeekHours | null;
    weekdayFrom: string | null;
    weekdayTo: string | null;
    saturdayFrom: string | null;
    saturdayTo: string | null;
  },
>({ hours, ...values }: T) {
  const openingHours =
    hours ??
    weekFromLegacy(
      { from: values.weekdayFrom, to: values.weekdayTo },
      { from: values.saturdayFrom, to: values.saturdayTo },
    );
  return { ...values, ...legacyHours(openingHours), openingHours };
}
