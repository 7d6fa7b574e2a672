import {
  CARAT_PRESETS,
  CLARITIES,
  COLOR_TILES,
  FANCY_COLORS,
  FANCY_INTENSITIES,
  FANCY_OVERTONES,
  OTHER_SHAPES,
  SHAPES,
} from '@loupe/contract/stone-vocabulary';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import {
  addCaratRanges,
  checkCustomCarats,
  chipRanges,
  isPresetSelected,
  removeCaratRange,
  togglePreset,
} from '../carats';
import { ALL, isAll, SHAPE_TILES, setColorMode, toggleListValue, toggleShape } from '../coupled-selections';
import { type ColorMode, listOf } from '../form-state';
import { isAcceptableTyping } from '../range-validation';
import { TILE_VALUES } from '../tile-values';
import type { SectionProps } from './section-props';
import { FormSection, TileGroup } from './tile-group';

export function ShapeSection({ state, update, facets }: SectionProps) {
  const shapes = listOf(state, 'shape');
  const labelOf = (value: string) =>
    value === OTHER_SHAPES ? 'Others' : (SHAPES.find((shape) => shape.value === value)?.label ?? value);
  return (
    <FormSection id="search-shape" title="Shape">
      <TileGroup
        legend="Shape"
        hideLegend
        className="tiles-shape"
        tiles={[
          { value: ALL, label: 'All' },
          ...SHAPE_TILES.map((value) => ({ value, label: labelOf(value) })),
        ]}
        isOn={(value) => (value === ALL ? isAll(shapes, SHAPE_TILES) : shapes.includes(value))}
        onToggle={(value) => update((s) => toggleShape(s, value))}
        counts={facets?.shape}
      />
    </FormSection>
  );
}

export function CaratSection({ state, update, errors }: SectionProps) {
  const [addError, setAddError] = useState<string | null>(null);
  const chips = chipRanges(state.carats);
  const draft = state.caratDraft;
  const message = addError ?? errors.carats;

  const type = (end: 'from' | 'to', text: string) => {
    if (!isAcceptableTyping(text.trim(), false)) return;
    setAddError(null);
    update((s) => ({ ...s, caratDraft: { ...s.caratDraft, [end]: text.trim() } }));
  };

  const add = () => {
    const checked = checkCustomCarats(draft);
    if ('message' in checked) {
      setAddError(checked.message);
      return;
    }
    setAddError(null);
    update((s) => ({
      ...s,
      carats: addCaratRanges(s.carats, [checked.range]),
      caratDraft: { from: '', to: '' },
    }));
  };

  return (
    <FormSection id="search-carats" title="Carats">
      <TileGroup
        legend="Carat presets"
        hideLegend
        tiles={CARAT_PRESETS.map((preset) => ({
          value: preset.label,
          label: preset.label,
          title: preset.ranges.length > 1 ? preset.ranges.join(', ') : undefined,
        }))}
        isOn={(label) => isPresetSelected(state.carats, CARAT_PRESETS.find((p) => p.label === label)!)}
        onToggle={(label) =>
          update((s) => ({
            ...s,
            carats: togglePreset(s.carats, CARAT_PRESETS.find((p) => p.label === label)!),
          }))
        }
      />
      <div className={['carat-custom', message ? 'field-invalid' : ''].filter(Boolean).join(' ')}>
        <input
          className="input"
          inputMode="decimal"
          aria-label="Carats From"
          placeholder="From"
          value={draft.from}
          aria-invalid={message ? true : undefined}
          onChange={(event) => type('from', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add();
          }}
        />
        <span aria-hidden="true" className="range-dash">
          –
        </span>
        <input
          className="input"
          inputMode="decimal"
          aria-label="Carats To"
          placeholder="To"
          value={draft.to}
          aria-invalid={message ? true : undefined}
          onChange={(event) => type('to', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') add();
          }}
        />
        <Button variant="secondary" size="sm" onClick={add}>
          Add Carats
        </Button>
      </div>
      {message ? (
        <p className="field-error" role="alert">
          {message}
        </p>
      ) : null}
      {chips.length > 0 ? (
        <ul className="chips" aria-label="Carat ranges">
          {chips.map((range) => (
            <li key={range} className="chip">
              {range}
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${range}`}
                onClick={() => update((s) => ({ ...s, carats: removeCaratRange(s.carats, range) }))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </FormSection>
  );
}

const COLOR_MODES = [
  { value: 'white', label: 'White' },
  { value: 'fancy', label: 'Fancy' },
] as const satisfies readonly { value: ColorMode; label: string }[];

export function ColorSection({ state, update, facets }: SectionProps) {
  const list = (key: 'color' | 'fancy_color' | 'fancy_intensity' | 'fancy_overtone') => listOf(state, key);
  return (
    <FormSection
      id="search-color"
      title="Color"
      aside={
        <SegmentedControl
          legend="Colour type"
          options={COLOR_MODES}
          value={state.colorMode}
          onChange={(mode) => update((s) => setColorMode(s, mode))}
        />
      }
    >
      {state.colorMode === 'white' ? (
        <TileGroup
          legend="White color"
          hideLegend
          tiles={COLOR_TILES.map((value) => ({ value, label: value }))}
          isOn={(value) => list('color').includes(value)}
          onToggle={(value) => update((s) => toggleListValue(s, 'color', value, TILE_VALUES.color))}
          counts={facets?.color}
        />
      ) : (
        <div className="fancy-groups">
          {(
            [
              ['fancy_color', 'Fancy Color', FANCY_COLORS],
              ['fancy_intensity', 'Intensity', FANCY_INTENSITIES],
              ['fancy_overtone', 'Overtone', FANCY_OVERTONES],
            ] as const
          ).map(([key, legend, grades]) => (
            <TileGroup
              key={key}
              legend={legend}
              tiles={grades.map((grade) => ({ value: grade.value, label: grade.label }))}
              isOn={(value) => list(key).includes(value)}
              onToggle={(value) => update((s) => toggleListValue(s, key, value, TILE_VALUES[key]))}
            />
          ))}
        </div>
      )}
    </FormSection>
  );
}

export function ClaritySection({ state, update, facets }: SectionProps) {
  return (
    <FormSection id="search-clarity" title="Clarity">
      <TileGroup
        legend="Clarity"
        hideLegend
        tiles={CLARITIES.map((grade) => ({ value: grade.value, label: grade.label }))}
        isOn={(value) => listOf(state, 'clarity').includes(value)}
        onToggle={(value) => update((s) => toggleListValue(s, 'clarity', value, TILE_VALUES.clarity))}
        counts={facets?.clarity}
      />
    </FormSection>
  );
}
