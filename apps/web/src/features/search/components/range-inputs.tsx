import { Fragment, useId } from 'react';
import type { RangeField, RangeText } from '../form-state';
import { isAcceptableTyping, parseAmount } from '../range-validation';
import './range-inputs.css';

const ENDS = ['from', 'to'] as const;
type End = (typeof ENDS)[number];
/** How each end is named: the text input's label and placeholder, the slider thumb's label. */
const END_TEXT: Record<End, { input: string; slider: string }> = {
  from: { input: 'From', slider: 'minimum' },
  to: { input: 'To', slider: 'maximum' },
};

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

  const typed = (end: End, text: string) => {
    if (!isAcceptableTyping(text.trim(), allowNegative)) return;
    onChange({ ...range, [end]: text.trim() });
  };

  const from = parseAmount(range.from) ?? field.min;
  const to = parseAmount(range.to) ?? field.max;
  const moved = (end: End, position: number) => {
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
          {ENDS.map((end) => (
            <input
              key={end}
              type="range"
              min={field.min}
              max={field.max}
              step={slider.step}
              value={Math.max(field.min, Math.min(end === 'from' ? from : to, field.max))}
              aria-label={`${label} ${END_TEXT[end].slider}`}
              disabled={disabled}
              onChange={(event) => moved(end, Number(event.target.value))}
            />
          ))}
        </div>
      ) : null}
      <div className="range-inputs">
        {ENDS.map((end) => (
          <Fragment key={end}>
            {end === 'to' ? (
              <span aria-hidden="true" className="range-dash">
                –
              </span>
            ) : null}
            <input
              className="input"
              inputMode="decimal"
              aria-label={`${label} ${END_TEXT[end].input}`}
              placeholder={END_TEXT[end].input}
              value={range[end]}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={errorId}
              onChange={(event) => typed(end, event.target.value)}
            />
          </Fragment>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
