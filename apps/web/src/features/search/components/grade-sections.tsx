import {
  FINISH_GRADES,
  FLUORESCENCES,
  INCLUSIONS,
  LABS,
  LOCATIONS,
  MAKES,
  NO_BGM,
  ORIGINS,
  SHADES,
} from '@loupe/contract/stone-vocabulary';
import { LocationFlag } from '../../../domain/stones/flags';
import {
  applyMake,
  type FinishKey,
  isNoBgm,
  toggleFinish,
  toggleFluorescence,
  toggleListValue,
  toggleNoBgm,
} from '../coupled-selections';
import { listOf } from '../form-state';
import { TILE_VALUES } from '../tile-values';
import type { SectionProps } from './section-props';
import { FormSection, TileGroup } from './tile-group';

const FINISH_TILES = FINISH_GRADES.filter((grade) => grade.value !== 'P').map((grade) => ({
  value: grade.value,
  label: grade.value,
  title: grade.label,
}));

const FINISH_GROUPS: readonly [FinishKey, string][] = [
  ['cut', 'Cut'],
  ['polish', 'Polish'],
  ['symmetry', 'Symmetry'],
];

/** Make shortcuts with cut, polish and symmetry, beside lab and location. */
export function MakeLabSection({ state, update, facets }: SectionProps) {
  return (
    <FormSection id="search-make" title="Make / Cut / Polish / Symmetry">
      <div className="make-lab-grid">
        <div className="make-column">
          <TileGroup
            legend="Make"
            tiles={MAKES.map((make) => ({ value: make, label: make }))}
            isOn={(make) => state.make === make}
            onToggle={(make) => update((s) => applyMake(s, make as (typeof MAKES)[number]))}
          />
          {FINISH_GROUPS.map(([key, legend]) => (
            <TileGroup
              key={key}
              legend={legend}
              tiles={FINISH_TILES}
              isOn={(value) => listOf(state, key).includes(value)}
              onToggle={(value) => update((s) => toggleFinish(s, key, value))}
              counts={facets?.[key]}
            />
          ))}
        </div>
        <div className="lab-column">
          <TileGroup
            legend="Lab"
            tiles={LABS.map((lab) => ({ value: lab.value, label: lab.label }))}
            isOn={(value) => listOf(state, 'lab').includes(value)}
            onToggle={(value) => update((s) => toggleListValue(s, 'lab', value, TILE_VALUES.lab))}
            counts={facets?.lab}
          />
          <TileGroup
            legend="Location"
            tiles={LOCATIONS.map((location) => ({
              value: location.value,
              // Named by what it shows (flag hidden, place, count): WCAG 2.5.3 label in name.
              title: location.value === 'USA-BD' ? 'USA-BD counts as USA' : location.label,
              label: (
                <>
                  <LocationFlag location={location.value} /> {location.label}
                </>
              ),
            }))}
            isOn={(value) => listOf(state, 'location').includes(value)}
            onToggle={(value) => update((s) => toggleListValue(s, 'location', value, TILE_VALUES.location))}
            counts={facets?.location}
          />
        </div>
      </div>
    </FormSection>
  );
}

export function MediaSection({ state, update }: SectionProps) {
  return (
    <section id="search-media" className="search-section search-toggle-row" aria-label="Images & Videos">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={state.allAssetRequired}
          checked={state.allAssetRequired}
          onChange={(event) => {
            const on = event.target.checked;
            update((s) => ({ ...s, allAssetRequired: on }));
          }}
        />
        <span className="switch-track" aria-hidden="true" />
        Images &amp; Videos Required
      </label>
    </section>
  );
}

export function FluorescenceSection({ state, update, facets }: SectionProps) {
  return (
    <FormSection id="search-fluorescence" title="Fluorescence">
      <TileGroup
        legend="Fluorescence"
        hideLegend
        tiles={FLUORESCENCES.map((grade) => ({ value: grade.value, label: grade.label, title: grade.value }))}
        isOn={(value) => listOf(state, 'fluorescence').includes(value)}
        onToggle={(value) => update((s) => toggleFluorescence(s, value, TILE_VALUES.fluorescence))}
        counts={facets?.fluorescence}
      />
    </FormSection>
  );
}

export function OriginSection({ state, update }: SectionProps) {
  return (
    <FormSection id="search-origin" title="Country of Origin">
      <TileGroup
        legend="Country of Origin"
        hideLegend
        tiles={ORIGINS.map((origin) => ({ value: origin.value, label: origin.label }))}
        isOn={(value) => listOf(state, 'origin_country').includes(value)}
        onToggle={(value) =>
          update((s) => toggleListValue(s, 'origin_country', value, TILE_VALUES.origin_country))
        }
      />
    </FormSection>
  );
}

export function ShadeSection({ state, update }: SectionProps) {
  return (
    <FormSection id="search-shade" title="Shade">
      <TileGroup
        legend="Shade"
        hideLegend
        tiles={[
          {
            value: NO_BGM.label,
            label: NO_BGM.label,
            title: 'No brown, green or milky: shades None, White and Yellow with Milky M0',
          },
          ...SHADES.map((shade) => ({ value: shade.value, label: shade.label })),
        ]}
        isOn={(value) => (value === NO_BGM.label ? isNoBgm(state) : listOf(state, 'shade').includes(value))}
        onToggle={(value) =>
          update((s) =>
            value === NO_BGM.label
              ? toggleNoBgm(s, TILE_VALUES.shade, TILE_VALUES.milky)
              : toggleListValue(s, 'shade', value, TILE_VALUES.shade),
          )
        }
      />
    </FormSection>
  );
}

/** The inclusion groups of domain-facts §1.1: Black first, then White. */
export const INCLUSION_GROUPS = (['Black', 'White'] as const).map((group) => ({
  group,
  keys: (Object.keys(INCLUSIONS) as (keyof typeof INCLUSIONS)[]).filter(
    (key) => INCLUSIONS[key].group === group,
  ),
}));
