import { zodResolver } from '@hookform/resolvers/zod';
import { meetingRequestBody, TRADE_SHOW_LIMITS, type TradeShow } from '@loupe/contract/trade-shows';
import { useId } from 'react';
import { useForm, useFormContext } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Form, FormError, showSubmitError, useFieldError } from '../../../components/ui/form';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { useRequestMeeting } from '../api/trade-shows-api';

/** Stock numbers typed by hand, separated by spaces, commas or new lines. */
export function lotsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((word) => word.trim())
        .filter(Boolean),
    ),
  ];
}

const formSchema = z.object({
  stones: z
    .string()
    .refine(
      (text) => lotsOf(text).length <= TRADE_SHOW_LIMITS.maxStones,
      `Name at most ${TRADE_SHOW_LIMITS.maxStones} stones.`,
    ),
  comment: meetingRequestBody.shape.comment.unwrap(),
});
type FormValues = z.input<typeof formSchema>;

function TextArea({
  name,
  label,
  hint,
  rows,
}: {
  name: keyof FormValues;
  label: string;
  hint: string;
  rows: number;
}) {
  const id = useId();
  const hintId = useId();
  const error = useFieldError(name);
  const form = useFormContext<FormValues>();
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        rows={rows}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        {...form.register(name)}
      />
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

/** "Request a meeting" at the show's booth, optionally naming stones to see there. */
export function MeetingRequestForm({ show }: { show: TradeShow }) {
  const save = useRequestMeeting();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { stones: '', comment: '' },
  });
  const submit = async (values: z.output<typeof formSchema>) => {
    const stones = lotsOf(values.stones);
    try {
      await save.mutateAsync({
        trade_show_id: show.id,
        ...(stones.length > 0 ? { stones } : {}),
        ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
      });
      toast.success(`Meeting requested at ${show.name}. Your key account manager will confirm a time.`, {
        duration: TOAST_DURATION_MS,
      });
      form.reset();
    } catch (error) {
      showSubmitError(form, error);
    }
  };
  return (
    <section className="card" aria-labelledby="meeting-request-title">
      <h2 className="card-title" id="meeting-request-title">
        Request a meeting
      </h2>
      <p className="card-muted">
        Tell us which stones you would like to see at {show.booth ? `booth ${show.booth}` : 'our booth'}; we
        bring them and keep a time for you.
      </p>
      <Form form={form} onSubmit={submit} className="form meeting-request-form">
        <TextArea
          name="stones"
          label="Stones to see"
          hint="Stock numbers, separated by spaces or commas (optional)"
          rows={2}
        />
        <TextArea
          name="comment"
          label="Comment"
          hint={`When suits you, what you are looking for (at most ${TRADE_SHOW_LIMITS.commentLength} characters)`}
          rows={3}
        />
        <FormError />
        <Button type="submit" busy={save.isPending}>
          Request Meeting
        </Button>
      </Form>
    </section>
  );
}
