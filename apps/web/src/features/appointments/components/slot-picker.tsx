import type { TimeSlots } from '@loupe/contract/appointments';
import { useState } from 'react';
import { Icon } from '../../../components/ui/icon';
import { chooseDate, chooseSlot, type SlotChoice, slotGroupsOf } from '../slot-rules';

export interface SlotPickerProps {
  timeSlots: TimeSlots;
  choice: SlotChoice;
  onChange: (choice: SlotChoice) => void;
  /** A slot shown as chosen although the calendar holds it (the appointment being rescheduled). */
  keep?: string | null;
  /** Message under the slots, e.g. why the chosen slot was lost. */
  error?: string | null;
}

/**
 * Select date* (a strip of dates) and Select time slot* (the date's slots grouped Morning,
 * Afternoon, Evening; the Afternoon group folds away). Spec §2 and §5.
 */
export function SlotPicker({ timeSlots, choice, onChange, keep = null, error = null }: SlotPickerProps) {
  const [afternoonOpen, setAfternoonOpen] = useState(true);
  const groups = slotGroupsOf(timeSlots, choice.date);
  return (
    <div className="slot-picker">
      <fieldset className="slot-fieldset">
        <legend className="field-label">
          Select date <span className="field-required">*</span>
        </legend>
        <div className="slot-dates">
          {timeSlots.dates.map((d) => (
            <button
              key={d.date}
              type="button"
              className="slot-date"
              aria-pressed={choice.date === d.date}
              aria-label={`${d.day} ${d.date}`}
              onClick={() => onChange(chooseDate(choice, d.date))}
            >
              <span className="slot-date-day">{d.day}</span>
              <span className="slot-date-number">{d.date}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="slot-fieldset">
        <legend className="field-label">
          Select time slot <span className="field-required">*</span>
        </legend>
        {choice.date === null ? <p className="field-hint">Select a date to see the time slots.</p> : null}
        <div className="slot-groups">
          {groups.map(({ group, slots }) => {
            const foldable = group === 'Afternoon';
            const open = !foldable || afternoonOpen;
            return (
              <section key={group} className="slot-group" aria-label={group}>
                {foldable ? (
                  <button
                    type="button"
                    className="slot-group-title slot-group-toggle"
                    aria-expanded={open}
                    onClick={() => setAfternoonOpen(!open)}
                  >
                    {group}
                    <Icon name={open ? 'chevronUp' : 'chevronDown'} size={14} />
                  </button>
                ) : (
                  <h3 className="slot-group-title">{group}</h3>
                )}
                {open ? (
                  <div className="slot-list">
                    {slots.map(({ label, slot }) => {
                      const kept = keep === slot.datetimeString;
                      return (
                        <button
                          key={label}
                          type="button"
                          className="slot"
                          value={slot.datetimeString}
                          disabled={!slot.isAvailable && !kept}
                          aria-pressed={choice.slot === slot.datetimeString}
                          onClick={() =>
                            onChange(
                              kept
                                ? chooseSlot(choice, { ...slot, isAvailable: true })
                                : chooseSlot(choice, slot),
                            )
                          }
                        >
                          {label}
                        </button>
                      );
                    })}
                  </div>
                ) : null}
              </section>
            );
          })}
        </div>
      </fieldset>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
