import type { Stone } from '@loupe/contract/stones';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type DetailSource, paths } from '../../../config/paths';
import { copyText } from '../../../lib/clipboard';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { recordShare, type ShareChannel } from './grid-api';
import { cellText } from './grid-cells';
import { GridIcon } from './grid-icons';

export const COPIED_MESSAGE = 'Copied Successfully';

/** The attributes a buyer can share (domain-facts §2.3), in the order the message lists them. */
export const SHARE_ATTRIBUTES = [
  { key: 'lot_id', label: 'Stock No' },
  { key: 'shape_full', label: 'Shape' },
  { key: 'carats', label: 'Carats' },
  { key: 'color', label: 'Color' },
  { key: 'clarity', label: 'Clarity' },
  { key: 'cut', label: 'Cut' },
  { key: 'polish', label: 'Polish' },
  { key: 'symmetry', label: 'Symmetry' },
  { key: 'fluorescence', label: 'Fluorescence' },
  { key: 'measurements', label: 'Measurements' },
  { key: 'table_percentage', label: 'Table %' },
  { key: 'depth_percentage', label: 'Depth %' },
  { key: 'certificate_number', label: 'Certificate Number' },
  { key: 'rap_value', label: 'Rap Val ($)' },
  { key: 'rap', label: 'Rap ($)' },
  { key: 'price_per_carat', label: 'Pr/Ct' },
  { key: 'amount', label: 'Amt ($)' },
  { key: 'public_url', label: 'Public URL' },
  { key: 'discount', label: 'Disc %' },
] as const;
type ShareKey = (typeof SHARE_ATTRIBUTES)[number]['key'];

export function shareText(
  stones: readonly Stone[],
  keys: readonly ShareKey[],
  source: DetailSource,
  origin: string,
): string {
  const chosen = SHARE_ATTRIBUTES.filter((attribute) => keys.includes(attribute.key));
  return stones
    .map((stone) =>
      chosen
        .map(({ key, label }) => {
          const value =
            key === 'public_url'
              ? `${origin}${paths.detailPage.forStones(source, [stone])}`
              : cellText(key, stone);
          return `${label}: ${value}`;
        })
        .join('\n'),
    )
    .join('\n\n');
}

/** Share: tick the attributes, then copy them, or send them by email or WhatsApp. */
export function ShareDialog({
  stones,
  source,
  page,
  onClose,
}: {
  stones: readonly Stone[];
  source: DetailSource;
  /** The screen shared from, for the share tracking. */
  page: string;
  onClose: () => void;
}) {
  const [keys, setKeys] = useState<ShareKey[]>(() => SHARE_ATTRIBUTES.map((a) => a.key));
  const text = shareText(stones, keys, source, window.location.origin);
  const nothing = keys.length === 0;
  const allChosen = keys.length === SHARE_ATTRIBUTES.length;
  const subject =
    stones.length === 1 ? `Diamond ${stones[0]!.lot_id}` : `${stones.length} diamonds from Loupe`;

  const track = (channel: ShareChannel) =>
    recordShare(
      channel,
      stones.map((stone) => stone.id),
      keys,
      page,
    );

  const copy = async () => {
    if (!(await copyText(text))) {
      toast.error('Could not copy to the clipboard');
      return;
    }
    track('copy');
    toast.success(COPIED_MESSAGE, { duration: TOAST_DURATION_MS });
  };

  return (
    <Dialog
      title={`Share ${stones.length === 1 ? '1 stone' : `${stones.length} stones`}`}
      onClose={onClose}
      className="share-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="secondary"
            icon={<GridIcon name="copy" />}
            disabled={nothing}
            onClick={() => void copy()}
          >
            Copy
          </Button>
          <a
            className={`btn btn-secondary${nothing ? ' is-disabled' : ''}`}
            aria-disabled={nothing || undefined}
            href={
              nothing
                ? undefined
                : `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`
            }
            onClick={() => track('email')}
          >
            <GridIcon name="mail" /> Email
          </a>
          <a
            className={`btn btn-primary${nothing ? ' is-disabled' : ''}`}
            aria-disabled={nothing || undefined}
            href={nothing ? undefined : `https://wa.me/?text=${encodeURIComponent(text)}`}
            target="_blank"
            rel="noreferrer"
            onClick={() => track('whatsapp')}
          >
            <GridIcon name="chat" /> WhatsApp
          </a>
        </>
      }
    >
      <fieldset className="share-attributes">
        <legend>Attributes to share</legend>
        <label className="share-all">
          <input
            type="checkbox"
            checked={allChosen}
            onChange={() => setKeys(allChosen ? [] : SHARE_ATTRIBUTES.map((a) => a.key))}
          />{' '}
          All attributes
        </label>
        {SHARE_ATTRIBUTES.map((attribute) => (
          <label key={attribute.key}>
            <input
              type="checkbox"
              checked={keys.includes(attribute.key)}
              onChange={() =>
                setKeys((current) =>
                  current.includes(attribute.key)
                    ? current.filter((key) => key !== attribute.key)
                    : SHARE_ATTRIBUTES.map((a) => a.key).filter(
                        (key) => key === attribute.key || current.includes(key),
                      ),
                )
              }
            />{' '}
            {attribute.label}
          </label>
        ))}
      </fieldset>
      <p className="field-label">Preview</p>
      <pre className="share-preview">{nothing ? 'Tick at least one attribute.' : text}</pre>
    </Dialog>
  );
}
