import { useId } from 'react';
import type { RangeField, RangeText } from '../form-state';
import { isAcceptableTyping, parseAmount } from '../range-validation';
import './range-inputs.css';

/** From / To inputs of one range; typing is limited to numbers with at most 2 decimals. */
export function RangeInputs({
  label,
  field,
  value,
  onChange,
  error,
  disabled = false,
  slider,
}: {
  label: string;
  field: RangeField;
  value: RangeText | undefined;
  onChange: (value: RangeText) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** Adds a two-thumb slider over the limits (the price ranges), moving in these steps. */
  slider?: { step: number };
}) {
  const id = useId();
  const range = value ?? { from: '', to: '' };
  const errorId = error ? `${id}-error` : undefined;
  const allowNegative = field.min < 0;

  const typed = (end: 'from' | 'to', text: string) => {
    if (!isAcceptableTyping(text.trim(), allowNegative)) return;
    onChange({ ...range, [end]: text.trim() });
  };

  const from = parseAmount(range.from) ?? field.min;
  const to = parseAmount(range.to) ?? field.max;
  const moved = (end: 'from' | 'to', position: number) => {
    // A thumb fills both ends, so a slider range is always complete.
    const next =
      end === 'from' ? { from: Math.min(position, to), to } : { from, to: Math.max(position, from) };
    onChange({ from: String(next.from), to: String(next.to) });
  };

  return (
    <div className={['range-field', error ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
      <span className="range-label" id={`${id}-label`}>
        {label}
      </span>
      {slider ? (
        <div className="range-slider">
          <input
            type="range"
            min={field.min}
            max={field.max}
            step={slider.step}
            value={Math.max(field.min, Math.min(from, field.max))}
            aria-label={`${label} minimum`}
            disabled={disabled}
            onChange={(event) => moved('from', Number(event.target.value))}
          />
          <input
            type="range"
            min={field.min}
            max={field.max}
            step={slider.step}
            value={Math.max(field.min, Math.min(to, field.max))}
            aria-label={`${label} maximum`}
            disabled={disabled}
            onChange={(event) => moved('to', Number(event.target.value))}
          />
        </div>
      ) : null}
      <div className="range-inputs">
        <input
          className="input"
          inputMode="decimal"
          aria-label={`${label} From`}
          placeholder="From"
          value={range.from}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => typed('from', event.target.value)}
        />
        <span aria-hidden="true" className="range-dash">
          –
        </span>
        <input
          className="input"
          inputMode="decimal"
          aria-label={`${label} To`}
          placeholder="To"
          value={range.to}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => typed('to', event.target.value)}
        />
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
