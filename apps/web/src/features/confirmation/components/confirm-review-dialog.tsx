import { CONFIRM_LIMITS, confirmStones } from '@loupe/contract/confirmation';
import type { Stone } from '@loupe/contract/stones';
import { useId } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Form, useFieldError } from '../../../components/ui/form';
import { commentCounter, confirmRowsOf, confirmTotalsOf } from '../confirm-flow';

export const REVIEW_TITLE = 'Confirm Stones';

/** The comment for the invoice, by the contract's rule for the confirm call's `comments`. */
export const commentFormSchema = z.object({ comments: confirmStones.body!.shape.comments });
export type CommentForm = UseFormReturn<
  z.input<typeof commentFormSchema>,
  unknown,
  z.output<typeof commentFormSchema>
>;

/** The comment box: at most 1,000 characters, with its counter. */
function CommentField() {
  const { field } = useController<z.input<typeof commentFormSchema>>({ name: 'comments' });
  const error = useFieldError('comments');
  const commentId = useId();
  const counterId = useId();
  const comment = field.value ?? '';
  return (
    <div className={`field confirm-comment${error ? ' field-invalid' : ''}`}>
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
        name={field.name}
        ref={field.ref}
        value={comment}
        onBlur={field.onBlur}
        aria-describedby={counterId}
        aria-invalid={error ? true : undefined}
        placeholder="Anything sales should know about this order"
        // biome-ignore lint/a11y/noAutofocus: opened by the buyer's own click inside the review dialog; the text area is where they mean to type
        autoFocus
        onChange={(event) => field.onChange(event.target.value.slice(0, CONFIRM_LIMITS.commentLength))}
      />
      <p className="field-hint confirm-comment-hint" id={counterId} aria-live="polite">
        <span>The comment appears on your invoice.</span>
        <span>{commentCounter(comment)}</span>
      </p>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

/**
 * Step 3: the stones about to be confirmed with their totals, an optional comment for the
 * invoice, Back and Confirm Stone. There are no courier or shipping fields (domain-facts §5).
 */
export function ConfirmReviewDialog({
  stones,
  commentForm,
  commentOpen,
  onOpenComment,
  busy,
  onBack,
  onConfirm,
}: {
  stones: readonly Stone[];
  /** Kept by the confirm flow, so the comment survives a trip to the disclaimer and back. */
  commentForm: CommentForm;
  commentOpen: boolean;
  onOpenComment: () => void;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const rows = confirmRowsOf(stones);
  const totals = confirmTotalsOf(stones);
  const formId = useId();

  return (
    <Dialog
      title={REVIEW_TITLE}
      onClose={onBack}
      busy={busy}
      className="confirm-dialog"
      cancel={{ label: 'Back' }}
      confirm={{ label: 'Confirm Stone', form: formId, autoFocus: true }}
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
      <Form form={commentForm} onSubmit={onConfirm} id={formId} className="confirm-comment-form">
        {commentOpen ? (
          <CommentField />
        ) : (
          <div>
            <Button variant="secondary" size="sm" onClick={onOpenComment} disabled={busy}>
              Add Comment
            </Button>
          </div>
        )}
      </Form>
    </Dialog>
  );
}
