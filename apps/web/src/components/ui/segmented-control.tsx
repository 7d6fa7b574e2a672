export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
}

/** A row of toggle buttons of which exactly one is pressed (e.g. Email / Mobile). */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  /** Read by screen readers only. */
  legend: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
