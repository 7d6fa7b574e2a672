import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

/**
 * The heading of a dashboard card: a tinted icon, the title (the card's accessible name through
 * `id`), and whatever sits at its end (a badge, a View All link).
 */
export function CardHead({
  icon,
  tone = 'teal',
  title,
  id,
  children,
}: {
  icon: IconName;
  tone?: 'teal' | 'gold';
  title: string;
  id: string;
  children?: ReactNode;
}) {
  return (
    <div className="stat-card-head">
      <span className={`stat-icon stat-icon-${tone}`}>
        <Icon name={icon} />
      </span>
      <h2 className="card-title" id={id}>
        {title}
      </h2>
      {children}
    </div>
  );
}
