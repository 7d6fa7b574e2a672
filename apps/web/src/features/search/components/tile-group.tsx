import type { ReactNode } from 'react';
import './tile-group.css';
import { formatCount } from '../../../lib/format';

export interface Tile {
  value: string;
  label: ReactNode;
  /** Overrides the accessible name when the label is not plain text (a flag, an icon). */
  name?: string;
  title?: string;
}

/**
 * A group of toggle tiles (several may be on). `counts` adds the number of stones each tile
 * would find, as the live count reports them.
 */
export function TileGroup({
  legend,
  tiles,
  isOn,
  onToggle,
  counts,
  hideLegend = false,
  className,
  disabled = false,
}: {
  legend: string;
  tiles: readonly Tile[];
  isOn: (value: string) => boolean;
  onToggle: (value: string) => void;
  counts?: Record<string, number> | undefined;
  hideLegend?: boolean;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <fieldset className={['tile-group', className ?? ''].filter(Boolean).join(' ')} disabled={disabled}>
      <legend className={hideLegend ? 'visually-hidden' : 'tile-legend'}>{legend}</legend>
      <div className="tiles">
        {tiles.map((tile) => {
          const count = counts?.[tile.value];
          return (
            <button
              key={tile.value}
              type="button"
              className="tile"
              aria-pressed={isOn(tile.value)}
              aria-label={tile.name}
              title={tile.title}
              onClick={() => onToggle(tile.value)}
            >
              <span className="tile-label">{tile.label}</span>
              {count !== undefined ? <span className="tile-count">{formatCount(count)}</span> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A titled block of the form with an anchor the section nav links to. */
export function FormSection({
  id,
  title,
  children,
  aside,
  collapsible = false,
  open = true,
  onToggle,
}: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
  collapsible?: boolean;
  open?: boolean;
  onToggle?: () => void;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="search-section" aria-labelledby={headingId}>
      <div className="search-section-head">
        <h2 id={headingId} className="search-section-title">
          {collapsible ? (
            <button type="button" className="section-toggle" aria-expanded={open} onClick={onToggle}>
              <span aria-hidden="true" className="section-chevron">
                {open ? '−' : '+'}
              </span>
              {title}
            </button>
          ) : (
            title
          )}
        </h2>
        {aside}
      </div>
      {open ? <div className="search-section-body">{children}</div> : null}
    </section>
  );
}
