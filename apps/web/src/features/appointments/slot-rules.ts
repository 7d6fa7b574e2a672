import { SLOT_GROUPS, type SlotGroup, type TimeSlot, type TimeSlots } from '@loupe/contract/appointments';

/**
 * Picking a slot (spec §5 "Callback scheduling"; the booking form follows the same rules): a date
 * and a slot must both be chosen; slots that are not available cannot be chosen; picking another
 * date clears the chosen slot; clicking the chosen slot again deselects it.
 */
export interface SlotChoice {
  /** The date key of `slots` (day of the month). */
  date: string | null;
  /** The chosen slot's datetimeString. */
  slot: string | null;
}

export const NO_CHOICE: SlotChoice = { date: null, slot: null };

export function chooseDate(choice: SlotChoice, date: string): SlotChoice {
  return date === choice.date ? choice : { date, slot: null };
}

export function chooseSlot(choice: SlotChoice, slot: TimeSlot): SlotChoice {
  if (!slot.isAvailable) return choice;
  if (choice.slot === slot.datetimeString) return { ...choice, slot: null };
  return { ...choice, slot: slot.datetimeString };
}

/** Schedule Now is disabled until a slot is chosen. */
export function canSchedule(choice: SlotChoice): choice is { date: string; slot: string } {
  return choice.date !== null && choice.slot !== null;
}

export interface SlotRow {
  label: string;
  slot: TimeSlot;
}

/** The date's slots by group, in the groups' order; empty groups left out. */
export function slotGroupsOf(
  timeSlots: TimeSlots,
  date: string | null,
): { group: SlotGroup; slots: SlotRow[] }[] {
  if (!date) return [];
  const byGroup = timeSlots.slots[date] ?? {};
  return SLOT_GROUPS.flatMap((group) => {
    const slots = Object.entries(byGroup[group] ?? {}).map(([label, slot]) => ({ label, slot }));
    return slots.length > 0 ? [{ group, slots }] : [];
  });
}

/** The first date with a free slot, else the first date; null without dates. */
export function firstOpenDate(timeSlots: TimeSlots): string | null {
  const open = timeSlots.dates.find((d) =>
    Object.values(timeSlots.slots[d.date] ?? {}).some((group) =>
      Object.values(group).some((s) => s.isAvailable),
    ),
  );
  return (open ?? timeSlots.dates[0])?.date ?? null;
}

/** The date key and the label of a slot's start, when it is one of the calendar's slots. */
export function findSlot(timeSlots: TimeSlots, datetime: string): { date: string; label: string } | null {
  for (const [date, groups] of Object.entries(timeSlots.slots)) {
    for (const byLabel of Object.values(groups)) {
      for (const [label, slot] of Object.entries(byLabel)) {
        if (slot.datetimeString === datetime) return { date, label };
      }
    }
  }
  return null;
}
