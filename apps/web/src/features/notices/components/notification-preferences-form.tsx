import { zodResolver } from '@hookform/resolvers/zod';
import { type NotificationPreferences, updateNotificationPreferences } from '@loupe/contract/notices';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/preferences';
import { BrowserPushSetting } from './browser-push-setting';
import '../notices.css';

type Channel = keyof NotificationPreferences['platforms'];

const channels: { key: Channel; label: string; hint: string }[] = [
  { key: 'web', label: 'Web', hint: 'Browser notifications on the computers where you use Loupe' },
  { key: 'mobile', label: 'Mobile', hint: 'Push notifications from the Loupe app on your phone' },
  { key: 'email', label: 'Email', hint: 'An email for each notification' },
];

const types = [
  {
    value: 'All',
    label: 'All Notifications',
    hint: 'Every update: holds, memos, appointments and new offers as well as invoices and KYC.',
  },
  {
    value: 'Important',
    label: 'Important Only',
    hint: 'Only what needs you: invoices, orders, expiring holds, bid results and KYC.',
  },
] as const;

/** A radio button or an on/off switch, named by its label and described by its hint. */
function Choice({
  type,
  label,
  hint,
  checked,
  onChange,
}: {
  type: 'radio' | 'switch';
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className={`notice-choice notice-choice-${type}`}>
      <input
        id={id}
        type={type === 'radio' ? 'radio' : 'checkbox'}
        role={type === 'switch' ? 'switch' : undefined}
        name={type === 'radio' ? 'notification-type' : undefined}
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="notice-choice-label">
        {label}
      </label>
      <span id={`${id}-hint`} className="notice-choice-hint">
        {hint}
      </span>
    </div>
  );
}

type Pending =
  | { kind: 'all-notices'; next: NotificationPreferences }
  | { kind: 'email-off'; next: NotificationPreferences };

/**
 * Notification preferences (domain-facts §9): all notices or important ones only, and the Web,
 * Mobile and Email channels. Each change is saved at once; leaving "Important Only" and turning
 * email off ask first. The bell always keeps every notice.
 */
export function NotificationPreferencesForm() {
  const query = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  // The form follows the saved preferences (and the optimistic ones while a save is under way);
  // every change goes through the contract's schema before it is sent.
  const form = useForm({
    resolver: zodResolver(updateNotificationPreferences.body!),
    values: query.data,
  });
  const [pending, setPending] = useState<Pending | null>(null);

  if (query.isPending) return <PageSpinner label="Loading notification preferences" />;
  if (query.isError) {
    return (
      <div className="notice-empty" role="alert">
        <p>{errorText(query.error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const current = query.data;

  const save = (next: NotificationPreferences) => {
    form.reset(next);
    void form.handleSubmit((valid) =>
      update.mutate(valid, {
        onSuccess: () => toast.success('Notification preferences saved'),
        onError: (error) => toast.error(errorText(error)),
      }),
    )();
  };

  const chooseType = (type: NotificationPreferences['type']) => {
    if (type === current.type) return;
    const next = { ...current, type };
    if (current.type === 'Important') setPending({ kind: 'all-notices', next });
    else save(next);
  };

  const toggleChannel = (channel: Channel, on: boolean) => {
    const next = { ...current, platforms: { ...current.platforms, [channel]: on } };
    if (channel === 'email' && !on) setPending({ kind: 'email-off', next });
    else save(next);
  };

  const confirm = () => {
    if (pending) save(pending.next);
    setPending(null);
  };

  return (
    <div className="notice-preferences">
      <h2 className="section-title">Notification preferences</h2>
      <fieldset className="notice-preferences-group" disabled={update.isPending}>
        <legend>Notification type</legend>
        {types.map((type) => (
          <Choice
            key={type.value}
            type="radio"
            label={type.label}
            hint={type.hint}
            checked={current.type === type.value}
            onChange={() => chooseType(type.value)}
          />
        ))}
      </fieldset>
      <fieldset className="notice-preferences-group" disabled={update.isPending}>
        <legend>Channels</legend>
        {channels.map((channel) => (
          <Choice
            key={channel.key}
            type="switch"
            label={channel.label}
            hint={channel.hint}
            checked={current.platforms[channel.key]}
            onChange={(on) => toggleChannel(channel.key, on)}
          />
        ))}
      </fieldset>
      {current.platforms.web ? <BrowserPushSetting /> : null}
      <p className="field-hint">Your notifications stay in the bell at the top whatever you choose here.</p>

      {pending?.kind === 'all-notices' ? (
        <Dialog
          title="Receive all notifications?"
          onClose={() => setPending(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setPending(null)}>
                Keep Important Only
              </Button>
              <Button onClick={confirm}>Yes, all notifications</Button>
            </>
          }
        >
          <p>
            You will also be notified of stones put on hold or memo, appointment changes and new offers, on
            every channel you have turned on.
          </p>
        </Dialog>
      ) : null}
      {pending?.kind === 'email-off' ? (
        <Dialog
          title="Turn off email notifications?"
          onClose={() => setPending(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setPending(null)}>
                Keep email on
              </Button>
              <Button variant="danger" onClick={confirm}>
                Turn off email
              </Button>
            </>
          }
        >
          <p>
            You will no longer get emails when an invoice is ready, a hold is about to expire or your KYC
            status changes. You may miss time-critical updates when you are not signed in to Loupe.
          </p>
        </Dialog>
      ) : null}
    </div>
  );
}
