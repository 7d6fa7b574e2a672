import { CONFIRM_LIMITS } from '@loupe/contract/confirmation';
import type { Stone } from '@loupe/contract/stones';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { commentCounter, confirmRowsOf, confirmTotalsOf } from '../confirm-flow';

export const REVIEW_TITLE = 'Confirm Stones';

/**
 * Step 3: the stones about to be confirmed with their totals, an optional comment for the
 * invoice, Back and Confirm Stone. There are no courier or shipping fields (domain-facts §5).
 */
export function ConfirmReviewDialog({
  stones,
  comment,
  onCommentChange,
  commentOpen,
  onOpenComment,
  busy,
  onBack,
  onConfirm,
}: {
  stones: readonly Stone[];
  comment: string;
  onCommentChange: (comment: string) => void;
  commentOpen: boolean;
  onOpenComment: () => void;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const rows = confirmRowsOf(stones);
  const totals = confirmTotalsOf(stones);
  const commentId = useId();
  const counterId = useId();

  return (
    <Dialog
      title={REVIEW_TITLE}
      onClose={busy ? undefined : onBack}
      dismissible={!busy}
      className="confirm-dialog"
      actions={
        <>
          <Button variant="ghost" onClick={onBack} disabled={busy}>
            Back
          </Button>
          <Button onClick={onConfirm} busy={busy} autoFocus>
            Confirm Stone
          </Button>
        </>
      }
    >
      <div className="confirm-scroll">
        <table className="confirm-table" aria-label="Stones to confirm">
          <thead>
            <tr>
              <th scope="col">Stock No</th>
              <th scope="col">Shape</th>
              <th scope="col" className="num">
                Carats
              </th>
              <th scope="col">Colour</th>
              <th scope="col">Clarity</th>
              <th scope="col">Location</th>
              <th scope="col" className="num">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.lotId}</th>
                <td>{row.shape}</td>
                <td className="num">{row.carats}</td>
                <td>{row.colour}</td>
                <td>{row.clarity}</td>
                <td>{row.location}</td>
                <td className="num">{row.amount}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="confirm-totals" aria-label="Confirmation totals">
        <div>
          <dt>No. of Stones</dt>
          <dd>{totals.pieces}</dd>
        </div>
        <div>
          <dt>Total Carats</dt>
          <dd>{totals.carats}</dd>
        </div>
        <div>
          <dt>Avg. Pr/Ct</dt>
          <dd>{totals.pricePerCarat}</dd>
        </div>
        <div>
          <dt>Total Amount</dt>
          <dd>{totals.amount}</dd>
        </div>
      </dl>
      {commentOpen ? (
        <div className="field confirm-comment">
          <div className="field-label-row">
            <label className="field-label" htmlFor={commentId}>
              Comment
            </label>
          </div>
          <textarea
            id={commentId}
            className="input"
            rows={4}
            maxLength={CONFIRM_LIMITS.commentLength}
            value={comment}
            aria-describedby={counterId}
            placeholder="Anything sales should know about this order"
            // Opened by the buyer's own click: the text area is where they mean to type.
            autoFocus
            onChange={(event) => onCommentChange(event.target.value.slice(0, CONFIRM_LIMITS.commentLength))}
          />
          <p className="field-hint confirm-comment-hint" id={counterId} aria-live="polite">
            <span>The comment appears on your invoice.</span>
            <span>{commentCounter(comment)}</span>
          </p>
        </div>
      ) : (
        <div>
          <Button variant="secondary" size="sm" onClick={onOpenComment} disabled={busy}>
            Add Comment
          </Button>
        </div>
      )}
    </Dialog>
  );
}
