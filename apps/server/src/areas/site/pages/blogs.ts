import type { PageContent } from '../layout.ts';

const ARTICLES = [
  {
    title: 'Reading a GIA, IGI or HRD report before you buy',
    date: '2026-10-14',
    summary:
      'What the grading report of a polished diamond does and does not tell you: the 4Cs, the plotted inclusions, fluorescence, proportions and the laser inscription that ties the report to the stone. And how to check a report number on the laboratory’s own site.',
  },
  {
    title: 'Matching pairs for earrings: what “matched” should mean',
    date: '2026-09-02',
    summary:
      'Two stones of the same carat weight can still look different on the ear. We explain the tolerances our graders use on size, colour, clarity, make and fluorescence, and how the portal proposes pairs from live stock.',
  },
  {
    title: 'Bid to Buy: how our monthly events set a price',
    date: '2026-07-21',
    summary:
      'Each event lists stones with their usual discount and a floor. You bid the discount you are ready to pay; the best bid at the close wins the stone. A short guide for first-time bidders.',
  },
  {
    title: 'Fluorescence and price: a buyer’s view',
    date: '2026-05-30',
    summary:
      'Strong blue fluorescence lowers the price of a white diamond, but rarely changes how it looks in a ring. When it is a saving worth taking, and when to avoid it.',
  },
] as const;

export const blogs: PageContent = {
  title: 'Insights for diamond buyers · Loupe Diamonds',
  description:
    'Articles from Loupe Diamonds for jewellers and wholesalers: reading grading reports, matching pairs, bidding on diamond events and pricing fluorescence.',
  heading: 'Insights for diamond buyers',
  lead: 'Practical notes from our graders and key account managers on buying natural polished diamonds for the trade.',
  body: ARTICLES.map(
    (a) => `<article class="card" style="margin-bottom:var(--space-6)">
<h2 style="margin-top:0;font-size:var(--text-2xl)">${a.title}</h2>
<p class="muted"><time datetime="${a.date}">${new Date(`${a.date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}</time></p>
<p>${a.summary}</p>
</article>`,
  ).join('\n'),
};
