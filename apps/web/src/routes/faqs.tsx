import { FaqBrowser } from '../features/help/components/faq-browser';

/** /v2/faqs: questions buyers ask about Loupe, by category, with a search (spec §2). */
export function FaqsRoute() {
  return (
    <div className="page">
      <title>FAQs · Loupe</title>
      <header className="page-header">
        <h1 className="page-title">Frequently asked questions</h1>
        <p className="page-subtitle">How buying on Loupe works, from your first search to your invoice.</p>
      </header>
      <FaqBrowser />
    </div>
  );
}
