import { CULETS, GIRDLES, INCLUSIONS, KEY_TO_SYMBOLS } from '@loupe/contract/stone-vocabulary';
import { useId } from 'react';
import {
  ALL,
  clickGirdle,
  girdleSteps,
  isAll,
  toggleListValue,
  toggleListWithAll,
} from '../coupled-selections';
import { listOf, PARAMETER_RANGES, PRICE_RANGES, type RangeKey, type RangeText } from '../form-state';
import { TILE_VALUES } from '../tile-values';
import { INCLUSION_GROUPS } from './grade-sections';
import { RangeInputs } from './range-inputs';
import type { SectionProps } from './section-props';
import { FormSection, TileGroup } from './tile-group';

const SLIDER_STEPS: Record<keyof typeof PRICE_RANGES, number> = {
  discount: 0.5,
  price_per_carat: 100,
  price_range: 100,
};

function setRange(key: RangeKey, value: RangeText) {
  return (state: SectionProps['state']) => ({ ...state, ranges: { ...state.ranges, [key]: value } });
}

/** Discount, price per carat and amount; a customer without approved KYC cannot filter by price. */
export function PriceSection({
  state,
  update,
  errors,
  pricesLocked,
}: SectionProps & { pricesLocked: boolean }) {
  return (
    <FormSection id="search-price" title="Discount % / Price per ct / Amount">
      {pricesLocked ? (
        <p className="form-note">
          Prices open once your KYC is approved; until then the price filters are off.
        </p>
      ) : null}
      <div className="price-ranges">
        {(Object.keys(PRICE_RANGES) as (keyof typeof PRICE_RANGES)[]).map((key) => (
          <RangeInputs
            key={key}
            label={PRICE_RANGES[key].label}
            field={PRICE_RANGES[key]}
            value={state.ranges[key]}
            onChange={(value) => update(setRange(key, value))}
            error={errors[key]}
            disabled={pricesLocked}
            slider={{ step: SLIDER_STEPS[key] }}
          />
        ))}
      </div>
    </FormSection>
  );
}

export function ParametersSection({
  state,
  update,
  errors,
  open,
  onToggle,
}: SectionProps & { open: boolean; onToggle: () => void }) {
  const girdle = girdleSteps(state.girdle);
  return (
    <FormSection id="search-parameters" title="Parameters" collapsible open={open} onToggle={onToggle}>
      <div className="parameter-ranges">
        {(Object.keys(PARAMETER_RANGES) as (keyof typeof PARAMETER_RANGES)[]).map((key) => (
          <RangeInputs
            key={key}
            label={PARAMETER_RANGES[key].label}
            field={PARAMETER_RANGES[key]}
            value={state.ranges[key]}
            onChange={(value) => update(setRange(key, value))}
            error={errors[key]}
          />
        ))}
      </div>
      <TileGroup
        legend="Girdle"
        tiles={GIRDLES.map((grade) => ({ value: grade.value, label: grade.value, title: grade.label }))}
        isOn={(value) => girdle.includes(value)}
        onToggle={(value) => update((s) => ({ ...s, girdle: clickGirdle(s.girdle, value) }))}
      />
      <p className="form-note">Click two girdle grades to choose every grade between them.</p>
      <TileGroup
        legend="Culet"
        tiles={CULETS.map((culet) => ({ value: culet.value, label: culet.label }))}
        isOn={(value) => listOf(state, 'culet').includes(value)}
        onToggle={(value) => update((s) => toggleListValue(s, 'culet', value, TILE_VALUES.culet))}
      />
    </FormSection>
  );
}

export function InclusionsSection({
  state,
  update,
  open,
  onToggle,
}: SectionProps & { open: boolean; onToggle: () => void }) {
  return (
    <FormSection id="search-inclusions" title="Inclusions" collapsible open={open} onToggle={onToggle}>
      {INCLUSION_GROUPS.map(({ group, keys }) => (
        <div key={group} className="inclusion-group">
          <h3 className="inclusion-group-title">{group}</h3>
          <div className="inclusion-grid">
            {keys.map((key) => (
              <TileGroup
                key={key}
                legend={INCLUSIONS[key].label}
                tiles={INCLUSIONS[key].grades.map((grade) => ({
                  value: grade.value,
                  label: grade.value,
                  title: grade.label,
                }))}
                isOn={(value) => listOf(state, key).includes(value)}
                onToggle={(value) => update((s) => toggleListValue(s, key, value, TILE_VALUES[key]))}
              />
            ))}
          </div>
        </div>
      ))}
    </FormSection>
  );
}

export function KeyToSymbolSection({
  state,
  update,
  open,
  onToggle,
}: SectionProps & { open: boolean; onToggle: () => void }) {
  const name = useId();
  const symbols = listOf(state, 'key_to_symbol');
  const all = TILE_VALUES.key_to_symbol;
  return (
    <FormSection id="search-key-to-symbol" title="Key to Symbol" collapsible open={open} onToggle={onToggle}>
      <fieldset className="radio-row">
        <legend className="visually-hidden">Key to symbol match</legend>
        {(
          [
            ['contain', 'Contains'],
            ['doesNotContain', 'Does not contain'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={name}
              value={value}
              checked={state.keyToSymbolType === value}
              onChange={() => update((s) => ({ ...s, keyToSymbolType: value }))}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <TileGroup
        legend="Key to Symbol"
        hideLegend
        tiles={[
          { value: ALL, label: 'All' },
          ...KEY_TO_SYMBOLS.map((k) => ({ value: k.value, label: k.label })),
        ]}
        isOn={(value) => (value === ALL ? isAll(symbols, all) : symbols.includes(value))}
        onToggle={(value) => update((s) => toggleListWithAll(s, 'key_to_symbol', value, all))}
      />
    </FormSection>
  );
}
