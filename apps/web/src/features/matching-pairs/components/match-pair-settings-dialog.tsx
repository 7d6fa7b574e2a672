import type { PairSettingRow } from '@loupe/contract/matching-pairs';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { useDefaultPairSettings, usePairSettings, useSavePairSettings } from '../api/pairs-api';
import {
  clampTolerance,
  inRankOrder,
  moveRow,
  rangeWarning,
  sameSettings,
  toleranceText,
} from '../settings-rules';
import './match-pair-settings.css';

type Side = 'up' | 'down';
type Texts = Record<string, Record<Side, string>>;

const textsOf = (rows: readonly PairSettingRow[]): Texts =>
  Object.fromEntries(
    rows.map((row) => [
      row.key,
      { up: toleranceText(row.key, row.up), down: toleranceText(row.key, row.down) },
    ]),
  );

/** Match Pair Settings (domain-facts §11): loads the customer's rows, then the editor. */
export function MatchPairSettingsDialog({ onClose }: { onClose: () => void }) {
  const saved = usePairSettings();
  const defaults = useDefaultPairSettings();
  if (!saved.data || !defaults.data) {
    return (
      <Dialog title="Match Pair Settings" onClose={onClose} confirm={{ label: 'Close', onClick: onClose }}>
        {saved.isError || defaults.isError ? (
          <p role="alert">{errorText(saved.error ?? defaults.error)}</p>
        ) : (
          <Spinner label="Loading the settings" />
        )}
      </Dialog>
    );
  }
  return (
    <SettingsEditor saved={inRankOrder(saved.data)} defaults={inRankOrder(defaults.data)} onClose={onClose} />
  );
}

/**
 * Rank, Name, Equal, From, To, Action. Rows are dragged (or moved with their buttons) to set the
 * rank; Equal disables the inputs; a value is clamped on blur; Reset is disabled at the defaults,
 * Apply until something changed; closing with unsaved edits asks first.
 */
function SettingsEditor({
  saved,
  defaults,
  onClose,
}: {
  saved: PairSettingRow[];
  defaults: PairSettingRow[];
  onClose: () => void;
}) {
  const [rows, setRows] = useState(saved);
  const [texts, setTexts] = useState<Texts>(() => textsOf(saved));
  const [dragged, setDragged] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const save = useSavePairSettings();
  const changed = !sameSettings(rows, saved);
  const atDefaults = sameSettings(rows, defaults);

  const update = (index: number, patch: Partial<PairSettingRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (from: number, to: number) => setRows((current) => moveRow(current, from, to));
  const blur = (index: number, side: Side) => {
    const row = rows[index]!;
    const value = clampTolerance(row.key, texts[row.key]![side]);
    update(index, { [side]: value });
    setTexts((current) => ({
      ...current,
      [row.key]: { ...current[row.key]!, [side]: toleranceText(row.key, value) },
    }));
  };
  const reset = () => {
    setRows(defaults);
    setTexts(textsOf(defaults));
  };
  const close = () => (changed ? setLeaving(true) : onClose());
  const apply = () =>
    save.mutate(rows, {
      onSuccess: () => {
        toast.success('Match Pair Settings applied', { duration: TOAST_DURATION_MS });
        onClose();
      },
      onError: (error) => toast.error(errorText(error), { duration: TOAST_DURATION_MS }),
    });

  if (leaving) {
    return (
      <Dialog
        title="Discard your changes?"
        onClose={() => setLeaving(false)}
        cancel={{ label: 'No, Stay' }}
        confirm={{ label: 'Yes, Exit', onClick: onClose }}
      >
        <p>The settings have changes you have not applied. Leave without applying them?</p>
      </Dialog>
    );
  }

  return (
    <Dialog
      title="Match Pair Settings"
      onClose={close}
      className="pair-settings-dialog"
      busy={save.isPending}
      cancel={{ label: 'Cancel' }}
      actions={
        <Button variant="secondary" disabled={atDefaults} onClick={reset}>
          Reset
        </Button>
      }
      confirm={{ label: 'Apply', onClick: apply, disabled: !changed }}
    >
      <p className="pair-settings-hint">
        Two stones pair when they are the same on every Equal row and the second (smaller) stone stays within
        From above and To below the first on the others. Drag the rows to rank what matters most.
      </p>
      <table className="pair-settings-table">
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Name</th>
            <th scope="col">Equal</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const warning = rangeWarning(row);
            return (
              <tr
                key={row.key}
                draggable
                className={dragged === index ? 'is-dragged' : undefined}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', row.key);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) move(dragged, index);
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
              >
                <td className="pair-settings-rank">{row.priority}</td>
                <th scope="row">{row.display}</th>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`${row.display} Equal`}
                    checked={row.is_equal}
                    onChange={(event) => update(index, { is_equal: event.target.checked })}
                  />
                </td>
                {(['up', 'down'] as const).map((side) => (
                  <td key={side}>
                    <input
                      className="pair-settings-input"
                      inputMode="decimal"
                      aria-label={`${row.display} ${side === 'up' ? 'From' : 'To'}`}
                      aria-invalid={side === 'up' && warning ? true : undefined}
                      disabled={row.is_equal}
                      value={texts[row.key]![side]}
                      onChange={(event) =>
                        setTexts((current) => ({
                          ...current,
                          [row.key]: { ...current[row.key]!, [side]: event.target.value },
                        }))
                      }
                      onBlur={() => blur(index, side)}
                    />
                    {side === 'down' && warning ? (
                      <span className="pair-settings-warning" role="status">
                        {warning}
                      </span>
                    ) : null}
                  </td>
                ))}
                <td className="pair-settings-action">
                  <span className="pair-settings-handle" aria-hidden="true" title="Drag to change the rank">
                    ⠿
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${row.display} up`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move ${row.display} down`}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Dialog>
  );
}
