import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';

/** A result that could not be loaded: the server's reason (or `fallback`) and a retry. */
export function LoadFailed({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  onRetry: () => void;
}) {
  return (
    <div className="card">
      <FormMessage tone="error">{errorText(error, { fallback })}</FormMessage>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
