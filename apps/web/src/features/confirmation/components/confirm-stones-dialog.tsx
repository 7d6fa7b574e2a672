import { zodResolver } from '@hookform/resolvers/zod';
import type { Stone } from '@loupe/contract/stones';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { useConfirmStones, useConfirmTimeCheck, useRefreshAfterConfirm } from '../api/confirmation';
import {
  checksFromConflict,
  commentToSend,
  confirmLinesOf,
  foreignLocations,
  hasLockedPrices,
  holdOrMemoProblems,
  type StoneProblem,
  splitByCheck,
  stonesOnHoldOrMemo,
} from '../confirm-flow';
import type { ConfirmRequestPage } from '../request-page';
import {
  BlockedDialog,
  CheckingDialog,
  ConfirmErrorDialog,
  DisclaimerDialog,
  KycRequiredDialog,
  SuccessDialog,
  UnavailableDialog,
  YOUR_ORDERS_PATH,
} from './confirm-outcome-dialogs';
import { ConfirmReviewDialog, commentFormSchema } from './confirm-review-dialog';
import '../confirmation.css';

export type { ConfirmRequestPage } from '../request-page';

export interface ConfirmStonesDialogProps {
  /** The selected stones as shown on screen: their amounts are the prices the buyer saw. */
  stones: Stone[];
  requestPage: ConfirmRequestPage;
  onClose(): void;
  onConfirmed?(order: { id: string; display_id: number }): void;
}

interface Ready {
  stones: Stone[];
  duties: boolean;
  places: string[];
  kamLocation: string | null;
}

type Step =
  | { kind: 'blocked'; problems: StoneProblem[] }
  | { kind: 'kyc'; message: string | null }
  | { kind: 'checking' }
  | {
      kind: 'unavailable';
      title: string;
      message: string;
      problems: StoneProblem[];
      remaining: Stone[];
      note?: string;
    }
  | ({ kind: 'review' } & Ready)
  | ({ kind: 'disclaimer' } & Ready)
  | { kind: 'success'; title: string; message: string; order: { id: string; display_id: number } }
  | { kind: 'error'; message: string; answered: boolean; retry: () => void };

function firstStep(stones: readonly Stone[]): Step {
  const blocking = stonesOnHoldOrMemo(stones);
  if (blocking.length > 0) return { kind: 'blocked', problems: holdOrMemoProblems(blocking) };
  if (hasLockedPrices(stones)) return { kind: 'kyc', message: null };
  return { kind: 'checking' };
}

function conflictTitle(problems: readonly StoneProblem[]): string {
  if (problems.length > 0 && problems.every((problem) => problem.reason === 'price_changed')) {
    return problems.length === 1 ? 'Price changed' : 'Prices changed';
  }
  return problems.length === 1 ? 'Stone no longer available' : 'Stones no longer available';
}

/**
 * The confirm flow (domain-facts §5): stones on hold or memo block it; the server checks each
 * stone at the amount shown; the buyer reviews the stones, may add a comment for the invoice and
 * confirms, through the duties disclaimer when a stone ships from elsewhere; the answer is the
 * order, or which stones someone else took first.
 */
export function ConfirmStonesDialog({
  stones: selected,
  requestPage,
  onClose,
  onConfirmed,
}: ConfirmStonesDialogProps) {
  // The selection as it was when the buyer pressed Confirm Stone: a grid refreshing behind the
  // dialog does not change what is being confirmed.
  const [stones] = useState(selected);
  const [step, setStep] = useState<Step>(() => firstStep(stones));
  // The comment for the invoice, kept while the buyer goes back and forth to the disclaimer.
  const commentForm = useForm({ resolver: zodResolver(commentFormSchema), defaultValues: { comments: '' } });
  const [commentOpen, setCommentOpen] = useState(false);
  const timeCheck = useConfirmTimeCheck();
  const confirm = useConfirmStones();
  const refresh = useRefreshAfterConfirm();
  const navigate = useNavigate();
  const alive = useRef(true);
  const started = useRef(false);
  const confirming = useRef(false);

  async function runCheck(toCheck: Stone[]) {
    setStep({ kind: 'checking' });
    try {
      const answer = await timeCheck.mutateAsync(confirmLinesOf(toCheck));
      if (!alive.current) return;
      const { available, problems } = splitByCheck(toCheck, answer.data, 'not_found');
      if (problems.length === 0) {
        const checks = Object.fromEntries(available.map((stone) => [stone.id, answer.data[stone.id]!]));
        setStep({
          kind: 'review',
          stones: available,
          duties: answer.duties_disclaimer,
          places: foreignLocations(checks, answer.kam_location),
          kamLocation: answer.kam_location,
        });
        return;
      }
      setStep({
        kind: 'unavailable',
        title: answer.title,
        message: answer.message,
        problems,
        remaining: available,
      });
    } catch (error) {
      if (!alive.current) return;
      if (isApiError(error, 'KYC_REQUIRED')) {
        setStep({ kind: 'kyc', message: error.message });
        return;
      }
      setStep({
        kind: 'error',
        message: errorText(error),
        answered: isApiError(error) && error.status > 0,
        retry: () => void runCheck(toCheck),
      });
    }
  }

  async function runConfirm(ready: Ready) {
    // A double click must not send a second confirmation before the button shows it is busy.
    if (confirming.current) return;
    confirming.current = true;
    try {
      const answer = await confirm.mutateAsync({
        variants: confirmLinesOf(ready.stones),
        comments: commentToSend(commentForm.getValues('comments') ?? ''),
        requestPage,
      });
      refresh(ready.stones.map((stone) => stone.id));
      if (!alive.current) return;
      setStep({ kind: 'success', title: answer.title, message: answer.message, order: answer.order });
    } catch (error) {
      if (!alive.current) return;
      if (isApiError(error, 'STONE_UNAVAILABLE') || isApiError(error, 'PRICE_CHANGED')) {
        const checks = checksFromConflict(error.details);
        const split = checks
          ? splitByCheck(ready.stones, checks, 'available')
          : { available: [], problems: [] };
        // Without a stone to blame, "Confirm Remaining Stones" could only repeat the same answer.
        const remaining = split.problems.length > 0 ? split.available : [];
        setStep({
          kind: 'unavailable',
          title: conflictTitle(split.problems),
          message: error.message,
          problems: split.problems,
          remaining,
          note: /nothing was ordered/i.test(error.message) ? undefined : 'Nothing was ordered.',
        });
        return;
      }
      if (isApiError(error, 'KYC_REQUIRED')) {
        setStep({ kind: 'kyc', message: error.message });
        return;
      }
      setStep({
        kind: 'error',
        message: errorText(error),
        answered: isApiError(error) && error.status > 0,
        retry: () => setStep({ kind: 'review', ...ready }),
      });
    } finally {
      confirming.current = false;
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the check runs once, for the selection at opening
  useEffect(() => {
    alive.current = true;
    if (!started.current && step.kind === 'checking') {
      started.current = true;
      void runCheck(stones);
    }
    return () => {
      alive.current = false;
    };
  }, []);

  function refreshAndClose() {
    refresh();
    onClose();
  }

  function finish(goToOrder: boolean) {
    if (step.kind !== 'success') return;
    onConfirmed?.(step.order);
    onClose();
    if (goToOrder) void navigate(YOUR_ORDERS_PATH);
  }

  switch (step.kind) {
    case 'blocked':
      return <BlockedDialog key="blocked" problems={step.problems} onClose={onClose} />;
    case 'kyc':
      return <KycRequiredDialog key="kyc" message={step.message} onClose={onClose} />;
    case 'checking':
      return <CheckingDialog key="checking" onClose={onClose} />;
    case 'unavailable':
      return (
        <UnavailableDialog
          key={`unavailable-${step.title}`}
          title={step.title}
          message={step.message}
          problems={step.problems}
          remaining={step.remaining.length}
          note={step.note}
          onClose={onClose}
          onRefresh={refreshAndClose}
          onConfirmRemaining={() => void runCheck(step.remaining)}
        />
      );
    case 'review': {
      const { kind: _kind, ...ready } = step;
      return (
        <ConfirmReviewDialog
          key="review"
          stones={step.stones}
          commentForm={commentForm}
          commentOpen={commentOpen}
          onOpenComment={() => setCommentOpen(true)}
          busy={confirm.isPending}
          onBack={onClose}
          onConfirm={() => {
            if (step.duties) setStep({ ...ready, kind: 'disclaimer' });
            else void runConfirm(ready);
          }}
        />
      );
    }
    case 'disclaimer': {
      const { kind: _kind, ...ready } = step;
      return (
        <DisclaimerDialog
          key="disclaimer"
          places={step.places}
          kamLocation={step.kamLocation}
          busy={confirm.isPending}
          onCancel={() => setStep({ ...ready, kind: 'review' })}
          onConfirm={() => void runConfirm(ready)}
        />
      );
    }
    case 'success':
      return (
        <SuccessDialog
          key="success"
          title={step.title}
          message={step.message}
          displayId={step.order.display_id}
          onContinue={() => finish(false)}
          onGoToOrder={() => finish(true)}
        />
      );
    case 'error':
      return (
        <ConfirmErrorDialog
          key="error"
          message={step.message}
          answered={step.answered}
          onClose={onClose}
          onRetry={step.retry}
        />
      );
  }
}
