import { useController } from 'react-hook-form';
import { Field } from '../../../components/ui/field';

export interface SalesPerson {
  key: string;
  name: string;
}

export function referralLabel(person: SalesPerson): string {
  return `${person.name} (${person.key})`;
}

/** The sales person the text names (by "Name (key)", name or key), or null. */
export function matchReferral(text: string, people: readonly SalesPerson[]): SalesPerson | null {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return null;
  return (
    people.find(
      (person) =>
        referralLabel(person).toLowerCase() === wanted ||
        person.name.toLowerCase() === wanted ||
        person.key.toLowerCase() === wanted,
    ) ?? null
  );
}

export interface ReferralFieldProps {
  /** The form's field holding the text. */
  name?: string;
  people: readonly SalesPerson[];
}

/**
 * "Referred by Salesperson": suggestions from the public list; text that names nobody on the
 * list is cleared when the field loses focus (domain-facts §12).
 */
export function ReferralField({ name = 'referral', people }: ReferralFieldProps) {
  const { field, fieldState } = useController({ name });
  const listId = 'sales-person-referrals';
  return (
    <Field
      label="Referred by Salesperson"
      error={fieldState.error?.message}
      hint="Optional: pick the sales person who introduced you"
    >
      {(control) => (
        <>
          <input
            className="input"
            type="text"
            list={listId}
            autoComplete="off"
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={() => {
              const match = matchReferral(field.value ?? '', people);
              field.onChange(match ? referralLabel(match) : '');
              field.onBlur();
            }}
            {...control}
          />
          <datalist id={listId}>
            {people.map((person) => (
              <option key={person.key} value={referralLabel(person)} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
