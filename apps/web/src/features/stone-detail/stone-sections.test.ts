import { INCLUSION_KEYS } from '@loupe/contract/stone-vocabulary';
import { describe, expect, it } from 'vitest';
import { buildStone } from '../../test/stone-fixture';
import { pricesWithheld, stoneSections } from './stone-sections';

function factsOf(stone = buildStone()) {
  return Object.fromEntries(stoneSections(stone).map((section) => [section.title, section.facts]));
}

function factValue(facts: { label: string; value: string }[] | undefined, label: string) {
  return facts?.find((fact) => fact.label === label)?.value;
}

describe('stoneSections: the detail page of domain-facts §3', () => {
  it('has the five sections in order', () => {
    expect(stoneSections(buildStone()).map((section) => section.title)).toEqual([
      'Price Details',
      'Basic Details',
      'Measurements',
      'Inclusion Details',
      'Other Information',
    ]);
  });

  it('writes prices with 2 decimals and the discount with its sign', () => {
    const price = factsOf(
      buildStone({ rap: 10000, rap_value: 10100, discount: -30, price_per_carat: 7000, amount: 7070 }),
    )['Price Details'];
    expect(price?.map((fact) => [fact.label, fact.value])).toEqual([
      ['Rap ($)', '$10,000.00'],
      ['Total Rap', '$10,100.00'],
      ['Disc %', '\u221230.00%'],
      ['Pr/Ct', '$7,000.00'],
      ['Amt ($)', '$7,070.00'],
    ]);
  });

  it('lists the basic details with words for codes and the lab report link', () => {
    const basic = factsOf(
      buildStone({
        lot_id: 'LD100777',
        carats: 1.5,
        lab: 'GIA',
        certificate_number: '2141438171',
        location: 'BEL',
      }),
    )['Basic Details'];
    expect(factValue(basic, 'Stock No')).toBe('LD100777');
    expect(factValue(basic, 'Carats')).toBe('1.50');
    expect(factValue(basic, 'Cut')).toBe('Excellent');
    expect(factValue(basic, 'Fluorescence')).toBe('None');
    expect(factValue(basic, 'Location')).toBe('Belgium');
    expect(factValue(basic, 'Laser Inscription')).toBe('-');
    expect(basic?.find((fact) => fact.label === 'Certificate No')?.href).toBe(
      'https://www.gia.edu/report-check?reportno=2141438171',
    );
  });

  it('shows measurements as L*W*D with 2 decimals and "-" for what is missing', () => {
    const measurements = factsOf(
      buildStone({ length: 6.4, width: 6.45, depth: 3.9, crown_angle: null }),
    ).Measurements;
    expect(factValue(measurements, 'Measurements')).toBe('6.40*6.45*3.90');
    expect(factValue(measurements, 'Table%')).toBe('57.00');
    expect(factValue(measurements, 'Crown Angle')).toBe('-');
    expect(factValue(measurements, 'Girdle')).toBe('Slightly Thin - Medium');
  });

  it('has all fifteen inclusion grades', () => {
    const inclusions = factsOf(buildStone({ eye_clean: 'B', milky: null }))['Inclusion Details'];
    expect(inclusions).toHaveLength(INCLUSION_KEYS.length);
    expect(inclusions).toHaveLength(15);
    expect(factValue(inclusions, 'Eye Clean')).toBe('Borderline');
    expect(factValue(inclusions, 'Milky')).toBe('-');
    expect(factValue(inclusions, 'Black Table')).toBe('B0');
  });

  it('joins the key to symbols and links the Tracr ID', () => {
    const other = factsOf(buildStone({ key_to_symbols: ['Cloud', 'Feather'], tracr_id: 'TR-1' }))[
      'Other Information'
    ];
    expect(factValue(other, 'Key to Symbol')).toBe('Cloud, Feather');
    expect(factValue(other, 'Total Grade')).toBe('3EX+NON');
    expect(other?.find((fact) => fact.label === 'Tracr ID')?.href).toContain('TR-1');
  });

  it('knows when prices are withheld', () => {
    expect(pricesWithheld(buildStone())).toBe(false);
    expect(pricesWithheld(buildStone({ amount: null, discount: null }))).toBe(true);
  });
});
