import type { Stone } from '@loupe/contract/stones';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import type { DetailSource } from '../../../config/paths';
import { downloadStones } from '../../../domain/stones/grid/grid-api';
import { COPIED_MESSAGE, ShareDialog } from '../../../domain/stones/grid/share-dialog';
import { copyText } from '../../../lib/clipboard';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { recordMediaLinkCopy } from '../api/stones';
import { mediaLinkOf } from '../media-link';

/** Add to Cart and Confirm Stone of a detail page, drawn by the screen (routes/detail-page.tsx). */
export type DetailBuyingSlot = (stones: readonly Stone[], source: DetailSource) => ReactNode;

/**
 * Download Excel, copy the media link, share, Add to Cart and Confirm Stone (domain-facts §3
 * "Actions"); for one stone or a pair shown together.
 */
export function StoneActions({
  stones,
  source,
  buyingActions,
}: {
  stones: readonly Stone[];
  source: DetailSource;
  buyingActions: DetailBuyingSlot;
}) {
  const [sharing, setSharing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const single = stones.length === 1 ? stones[0] : undefined;
  const mediaLink = single ? mediaLinkOf(single, window.location.origin) : null;
  const ids = stones.map((stone) => stone.id);

  const download = async () => {
    setDownloading(true);
    const fileName = single ? `${single.lot_id}.xlsx` : 'matching-pair.xlsx';
    // A failed download is only logged (spec §8 "Other").
    await downloadStones(ids, ids, { fileName });
    setDownloading(false);
  };

  const copyMediaLink = async () => {
    if (!mediaLink) return;
    if (!(await copyText(mediaLink))) {
      toast.error('Could not copy to the clipboard', { duration: TOAST_DURATION_MS });
      return;
    }
    recordMediaLinkCopy(mediaLink);
    toast.success(COPIED_MESSAGE, { duration: TOAST_DURATION_MS });
  };

  return (
    <div className="stone-actions">
      <Button
        variant="secondary"
        size="sm"
        busy={downloading}
        icon={<Icon name="download" size={16} />}
        onClick={() => void download()}
      >
        Download Excel
      </Button>
      {single ? (
        <Button
          variant="secondary"
          size="sm"
          icon={<Icon name="link" size={16} />}
          disabled={!mediaLink}
          title={mediaLink ? undefined : 'This stone has no photo or video yet'}
          onClick={() => void copyMediaLink()}
        >
          Media Link
        </Button>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        icon={<Icon name="share" size={16} />}
        onClick={() => setSharing(true)}
      >
        Share
      </Button>
      {buyingActions(stones, source)}
      {sharing ? (
        <ShareDialog stones={stones} source={source} page="detail_page" onClose={() => setSharing(false)} />
      ) : null}
    </div>
  );
}
