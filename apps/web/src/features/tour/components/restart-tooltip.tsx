import { Button } from '../../../components/ui/button';

/** Shown once beside the help menu after "Do it later" (spec §4). */
export function RestartTooltip({ approved, onSeen }: { approved: boolean; onSeen: () => void }) {
  return (
    <div className="tour-restart-tooltip" role="status">
      <p>
        {approved
          ? 'You can take the tour any time: open Help and choose "Take the tour".'
          : 'Help has the FAQs and your KAM. The tour is there too once your KYC is approved.'}
      </p>
      <Button size="sm" variant="secondary" onClick={onSeen}>
        Got it
      </Button>
    </div>
  );
}
