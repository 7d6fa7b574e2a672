import type { Faq } from '@loupe/contract/portal';
import { describe, expect, it } from 'vitest';
import { groupFaqs, searchFaqs } from './faq-search';

const faqs: Faq[] = [
  { id: '1', category: 'Account', question: 'Why KYC?', answer: 'Checks are required.' },
  {
    id: '2',
    category: 'Bidding',
    question: 'How does bidding work?',
    answer: 'Bid a discount above the floor.',
  },
  {
    id: '3',
    category: 'Account',
    question: 'Log out everywhere?',
    answer: 'Use "Log out from all devices".',
  },
];

describe('[FAQ] grouping and search', () => {
  it('groups by category in the order the FAQs come', () => {
    expect(groupFaqs(faqs).map((g) => [g.category, g.faqs.map((f) => f.id)])).toEqual([
      ['Account', ['1', '3']],
      ['Bidding', ['2']],
    ]);
  });

  it('finds every word, in question or answer, at a word start, whatever the case', () => {
    expect(searchFaqs(faqs, 'kyc', null).map((f) => f.id)).toEqual(['1']);
    expect(searchFaqs(faqs, 'BID floor', null).map((f) => f.id)).toEqual(['2']);
    expect(searchFaqs(faqs, 'out devices', null).map((f) => f.id)).toEqual(['3']);
    expect(searchFaqs(faqs, 'id', null)).toEqual([]);
    expect(searchFaqs(faqs, '  ', null)).toHaveLength(3);
  });

  it('keeps to a category when one is chosen', () => {
    expect(searchFaqs(faqs, '', 'Account').map((f) => f.id)).toEqual(['1', '3']);
    expect(searchFaqs(faqs, 'bidding', 'Account')).toEqual([]);
  });
});
