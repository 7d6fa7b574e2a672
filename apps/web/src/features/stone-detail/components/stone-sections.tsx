import type { Kam } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { useId } from 'react';
import { pricesWithheld, type StoneSection, stoneSections } from '../stone-sections';
import { UnlockPrice } from './unlock-price';

interface SectionsProps {
  stone: Stone;
  kam: Kam | null;
  headingLevel: 2 | 3;
}

function Section({ section, stone, kam, headingLevel }: SectionsProps & { section: StoneSection }) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const locked = section.key === 'price' && pricesWithheld(stone);
  return (
    <section className={`card stone-section stone-section-${section.key}`} aria-labelledby={titleId}>
      <Heading className="card-title" id={titleId}>
        {section.title}
      </Heading>
      {locked ? (
        <div className="stone-section-locked">
          <p className="card-muted">Prices show once your KYC is approved.</p>
          <UnlockPrice stone={stone} kam={kam} />
        </div>
      ) : (
        <dl className="facts stone-facts">
          {section.facts.map((fact) => (
            <div key={fact.label} className="stone-fact">
              <dt>{fact.label}</dt>
              <dd>
                {fact.href ? (
                  <a href={fact.href} target="_blank" rel="noopener noreferrer">
                    {fact.value}
                  </a>
                ) : (
                  fact.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** Price, basic, measurement, inclusion and other details of one stone (domain-facts §3). */
export function StoneSections({ stone, kam, headingLevel }: SectionsProps) {
  return (
    <div className="stone-sections">
      {stoneSections(stone).map((section) => (
        <Section key={section.key} section={section} stone={stone} kam={kam} headingLevel={headingLevel} />
      ))}
    </div>
  );
}
