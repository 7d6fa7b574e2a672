import type { StoneProblem } from '../confirm-flow';

/** The stones that cannot be confirmed, each with why. */
export function StoneProblemList({ problems, label }: { problems: readonly StoneProblem[]; label: string }) {
  if (problems.length === 0) return null;
  return (
    <ul className="confirm-problems" aria-label={label}>
      {problems.map((problem) => (
        <li key={problem.id}>
          <span className="confirm-problem-lot">{problem.lotId}</span>
          <span className="confirm-problem-why">{problem.why}</span>
        </li>
      ))}
    </ul>
  );
}
