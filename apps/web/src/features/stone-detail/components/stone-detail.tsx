import type { Kam } from '@loupe/contract/customers';
import type { Stone } from '@loupe/contract/stones';
import { useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { scrollBehavior } from '../../../lib/motion';
import { StoneHeader } from './stone-header';
import { StoneMedia } from './stone-media';
import { StoneSections } from './stone-sections';
import { TraceabilityTimeline } from './traceability-timeline';

export interface StoneDetailProps {
  stone: Stone;
  kam: Kam | null;
  source: string;
  /** Shown next to its partner: smaller headings, no link to the pair it is already in. */
  inPair: boolean;
}

/** Everything about one stone: header, media, the five sections and its GemTrac journey. */
export function StoneDetail({ stone, kam, source, inPair }: StoneDetailProps) {
  const journeyRef = useRef<HTMLElement>(null);
  const showJourney = () => {
    journeyRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    journeyRef.current?.focus({ preventScroll: true });
  };
  const pairUrl = stone.pair_lot_id
    ? paths.detailPage.href({
        path: source,
        stoneid: [`${stone.lot_id}-${stone.location}`, stone.pair_lot_id],
      })
    : null;

  return (
    <article className="stone-detail" aria-label={`Stone ${stone.lot_id}`}>
      <StoneHeader
        stone={stone}
        kam={kam}
        headingLevel={inPair ? 2 : 1}
        onShowJourney={stone.gemtrac ? showJourney : undefined}
      />
      {pairUrl && !inPair ? (
        <p className="pair-note">
          This stone has a matching partner, {stone.pair_lot_id}.{' '}
          <Link to={pairUrl}>View the matching pair</Link>
        </p>
      ) : null}
      <StoneMedia stone={stone} />
      <StoneSections stone={stone} kam={kam} headingLevel={inPair ? 3 : 2} />
      {stone.gemtrac ? (
        <TraceabilityTimeline ref={journeyRef} stone={stone} headingLevel={inPair ? 3 : 2} />
      ) : null}
    </article>
  );
}
