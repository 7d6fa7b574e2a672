import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icon';
import { paths } from '../../../config/paths';
import { TOAST_DURATION_MS } from '../../../lib/config';
import { errorText } from '../../../lib/error-text';
import { useAddDemand } from '../api/text-search';

export interface NotFoundKeywordsProps {
  keywords: string[];
  onRemove: (keyword: string) => void;
  /** Only a KYC-approved customer can ask for stones (domain-facts §1.5). */
  canAddDemand: boolean;
}

/**
 * The ids the search did not find, as chips the customer can prune before asking their KAM to
 * source the rest (Add Demand).
 */
export function NotFoundKeywords({ keywords, onRemove, canAddDemand }: NotFoundKeywordsProps) {
  const demand = useAddDemand();
  if (keywords.length === 0) return null;

  const ask = () =>
    demand.mutate(keywords, {
      onError: (error) =>
        toast.error(errorText(error), {
          duration: TOAST_DURATION_MS,
        }),
    });

  return (
    <section className="card not-found-keywords" aria-labelledby="not-found-title">
      <div className="not-found-head">
        <h2 className="card-title" id="not-found-title">
          Not found <span className="count-pill">{keywords.length}</span>
        </h2>
        {canAddDemand ? (
          <Button variant="secondary" size="sm" busy={demand.isPending} onClick={ask}>
            Add Demand
          </Button>
        ) : (
          <Link className="card-link" to={paths.kyc.href()}>
            Complete KYC to ask your KAM for these stones
          </Link>
        )}
      </div>
      <p className="card-muted">
        These ids match no stone here. Remove any you typed by mistake; Add Demand asks your KAM to source the
        rest.
      </p>
      <ul className="keyword-chips" aria-label="Stone ids not found">
        {keywords.map((keyword) => (
          <li key={keyword} className="keyword-chip">
            <span>{keyword}</span>
            <button
              type="button"
              className="keyword-chip-remove"
              aria-label={`Remove ${keyword}`}
              onClick={() => onRemove(keyword)}
            >
              <Icon name="close" size={12} />
            </button>
          </li>
        ))}
      </ul>
      {demand.isSuccess ? (
        <Dialog
          title="Thank you for your request"
          onClose={demand.reset}
          className="dialog-center"
          actions={
            <Button onClick={demand.reset} autoFocus>
              Okay
            </Button>
          }
        >
          <p>
            Your key account manager will look for{' '}
            {demand.variables.length === 1 ? 'this stone' : `these ${demand.variables.length} stones`} and get
            back to you.
          </p>
        </Dialog>
      ) : null}
    </section>
  );
}
