import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormMessage } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { useSaveColumnPreferences } from './grid-api';
import {
  type ArrangedColumn,
  defaultArrangement,
  isDefaultArrangement,
  moveColumn,
  PINNED_ACCESSORS,
  toPreferences,
} from './grid-columns';
import { GridIcon } from './grid-icons';

/**
 * The grid's columns: fixed ones locked ("Non Manageable"), the rest dragged or moved to reorder
 * and ticked on or off; saved to the customer's column preferences.
 */
export function ColumnManagerDialog({
  arranged,
  onClose,
}: {
  arranged: readonly ArrangedColumn[];
  onClose: () => void;
}) {
  const [columns, setColumns] = useState<ArrangedColumn[]>(() => [...arranged]);
  const [dragging, setDragging] = useState<number | null>(null);
  const save = useSaveColumnPreferences();
  const fixed = columns.filter((entry) => entry.column.is_fixed);
  const firstManaged = fixed.length;

  const toggle = (index: number) =>
    setColumns((current) =>
      current.map((entry, i) => (i === index ? { ...entry, enabled: !entry.enabled } : entry)),
    );

  const submit = () => {
    save.mutate(toPreferences(columns), {
      onSuccess: () => {
        toast.success('Columns saved');
        onClose();
      },
    });
  };

  return (
    <Dialog
      title="Manage Columns"
      onClose={onClose}
      className="column-manager-dialog"
      actions={
        <>
          <Button
            variant="ghost"
            onClick={() => setColumns(defaultArrangement())}
            disabled={isDefaultArrangement(columns)}
          >
            Reset to default
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} busy={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      {save.isError ? (
        <FormMessage tone="error">
          {errorText(save.error, { fallback: 'The columns could not be saved. Try again.' })}
        </FormMessage>
      ) : null}
      <h3 className="column-group-title">Non Manageable entities</h3>
      <ul className="column-list">
        {fixed.map((entry) => (
          <li key={entry.column.accessor} className="column-row is-fixed">
            <GridIcon name="lock" size={14} />
            <label>
              <input type="checkbox" checked disabled /> {entry.column.label}
            </label>
          </li>
        ))}
      </ul>
      <h3 className="column-group-title">Manageable entities</h3>
      <ol className="column-list column-list-managed">
        {columns.slice(firstManaged).map((entry, offset) => {
          const index = firstManaged + offset;
          const pinned = (PINNED_ACCESSORS as readonly string[]).includes(entry.column.accessor);
          return (
            <li
              key={entry.column.accessor}
              className={['column-row', dragging === index ? 'is-dragging' : ''].filter(Boolean).join(' ')}
              draggable
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => {
                event.preventDefault();
                if (dragging === null || dragging === index) return;
                setColumns((current) => moveColumn(current, dragging, index));
                setDragging(index);
              }}
              onDragEnd={() => setDragging(null)}
            >
              <GridIcon name="grip" size={14} className="column-grip" />
              <label>
                <input type="checkbox" checked={entry.enabled} onChange={() => toggle(index)} />{' '}
                {entry.column.label}
              </label>
              {pinned ? <span className="column-note">pinned left</span> : null}
              <span className="column-moves">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${entry.column.label} up`}
                  disabled={offset === 0}
                  onClick={() => setColumns((current) => moveColumn(current, index, index - 1))}
                >
                  <GridIcon name="up" size={14} />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${entry.column.label} down`}
                  disabled={index === columns.length - 1}
                  onClick={() => setColumns((current) => moveColumn(current, index, index + 1))}
                >
                  <GridIcon name="down" size={14} />
                </button>
              </span>
            </li>
          );
        })}
      </ol>
    </Dialog>
  );
}
