import type { Stone } from '@loupe/contract/stones';
import { type Ref, useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { formatDecimal } from '../../../domain/money';
import { useTraceability } from '../api/stones';
import { formatText } from '../stone-format';

/** The six stages of a stone's journey, in order, with the names the timeline gives them. */
export const JOURNEY_STAGES = [
  { stage: 'origin', title: 'Origin' },
  { stage: 'architected', title: 'Architected by' },
  { stage: 'laser_cut', title: 'Laser Cut by' },
  { stage: 'crafted', title: 'Crafted by' },
  { stage: 'groomed', title: 'Groomed by' },
  { stage: 'certified', title: 'Certified by' },
] as const;

/** GemTrac: from the mine to the certificate, for stones whose journey is recorded. */
export function TraceabilityTimeline({
  stone,
  headingLevel,
  ref,
}: {
  stone: Stone;
  headingLevel: 2 | 3;
  ref?: Ref<HTMLElement>;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const StepHeading = headingLevel === 2 ? 'h3' : 'h4';
  const journey = useTraceability(stone.id, stone.gemtrac);

  return (
    <section ref={ref} className="card traceability" aria-labelledby={titleId} tabIndex={-1}>
      <Heading className="card-title" id={titleId}>
        GemTrac journey
      </Heading>
      {journey.isPending ? <Spinner label="Loading the journey" /> : null}
      {journey.isError ? (
        <p className="card-muted" role="alert">
          The journey of this stone could not be loaded. Please try again later.
        </p>
      ) : null}
      {journey.data ? (
        <>
          <dl className="traceability-summary">
            {[
              ['Stock No.', journey.data.summary.lot_id],
              ['Report No', formatText(journey.data.summary.certificate_number)],
              ['Shape', journey.data.summary.shape],
              ['Carat', formatDecimal(journey.data.summary.carats)],
              ['Color', formatText(journey.data.summary.color)],
              ['Clarity', formatText(journey.data.summary.clarity)],
              ['Cut', formatText(journey.data.summary.cut)],
            ].map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <ol className="journey">
            {JOURNEY_STAGES.map(({ stage, title }, index) => {
              const step = journey.data.stages.find((s) => s.stage === stage);
              return (
                <li key={stage} className={`journey-step ${step ? '' : 'is-missing'}`}>
                  <span className="journey-marker" aria-hidden="true">
                    {index + 1}
                  </span>
                  <div className="journey-body">
                    <StepHeading className="journey-title">{step?.title || title}</StepHeading>
                    {step ? (
                      <>
                        <p>{step.description}</p>
                        {step.person ? <p className="journey-person">{step.person}</p> : null}
                        {step.details ? <p className="card-muted">{step.details}</p> : null}
                        {step.metrics.length > 0 ? (
                          <ul className="journey-metrics" aria-label={`${title} figures`}>
                            {step.metrics.map((metric) => (
                              <li key={metric.label} className="metric-chip">
                                <span>{metric.label}</span> <strong>{metric.value}</strong>
                              </li>
                            ))}
                          </ul>
                        ) : null}
                      </>
                    ) : (
                      <p className="card-muted">Not recorded for this stone.</p>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      ) : null}
    </section>
  );
}
