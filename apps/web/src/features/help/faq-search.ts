import type { Faq } from '@loupe/contract/portal';

export interface FaqGroup {
  category: string;
  faqs: Faq[];
}

/** The categories in the order the FAQs come, each with its questions. */
export function groupFaqs(faqs: readonly Faq[]): FaqGroup[] {
  const groups = new Map<string, Faq[]>();
  for (const faq of faqs) {
    const group = groups.get(faq.category) ?? [];
    group.push(faq);
    groups.set(faq.category, group);
  }
  return [...groups].map(([category, list]) => ({ category, faqs: list }));
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * The FAQs of one category (or all: null) that contain every word of the search, in the question
 * or the answer, as a word's start ("kyc" finds "KYC", "bid" finds "bidding").
 */
export function searchFaqs(faqs: readonly Faq[], query: string, category: string | null): Faq[] {
  const wanted = words(query);
  return faqs.filter((faq) => {
    if (category !== null && faq.category !== category) return false;
    if (wanted.length === 0) return true;
    const have = words(`${faq.question} ${faq.answer}`);
    return wanted.every((w) => have.some((h) => h.startsWith(w)));
  });
}
