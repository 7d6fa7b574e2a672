import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { useFaqs } from '../api/help-api';
import { groupFaqs, searchFaqs } from '../faq-search';
import '../help.css';

const ALL = 'All';

/** The FAQs of /v2/faqs: a search over questions and answers, categories, and the answers folded. */
export function FaqBrowser() {
  const query = useFaqs();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const searchId = useId();

  if (query.isPending) return <PageSpinner label="Loading the FAQs" />;
  if (query.isError) {
    return (
      <div className="empty-state" role="alert">
        <p>{errorText(query.error)}</p>
        <Button onClick={() => void query.refetch()}>Try again</Button>
      </div>
    );
  }

  const faqs = query.data.faqs;
  const categories = [ALL, ...groupFaqs(faqs).map((g) => g.category)];
  const found = searchFaqs(faqs, text, category === ALL ? null : category);
  const groups = groupFaqs(found);

  return (
    <div className="faq-browser">
      <div className="faq-tools">
        <label className="visually-hidden" htmlFor={searchId}>
          Search FAQs
        </label>
        <input
          id={searchId}
          className="input faq-search"
          type="search"
          placeholder="Search the questions and answers"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <fieldset className="faq-categories">
          <legend className="visually-hidden">Categories</legend>
          {categories.map((name) => (
            <button
              key={name}
              type="button"
              className="faq-category"
              aria-pressed={category === name}
              onClick={() => setCategory(name)}
            >
              {name}
            </button>
          ))}
        </fieldset>
      </div>
      <p className="faq-count" aria-live="polite">
        {found.length === 1 ? '1 question' : `${found.length} questions`}
      </p>
      {groups.length === 0 ? (
        <div className="empty-state">
          <p>No question matches “{text.trim()}”. Try other words, or ask your KAM from the Help menu.</p>
        </div>
      ) : (
        groups.map((group) => (
          <section key={group.category} className="card faq-group" aria-label={group.category}>
            <h2 className="faq-group-title">{group.category}</h2>
            {group.faqs.map((faq) => (
              <details key={faq.id} className="faq-item" open={text.trim() !== ''}>
                <summary className="faq-question">{faq.question}</summary>
                <p className="faq-answer">{faq.answer}</p>
              </details>
            ))}
          </section>
        ))
      )}
    </div>
  );
}
