import type { PageContent } from '../layout.ts';

const LEADERS = [
  {
    name: 'Rakesh Mehta',
    role: 'Managing Director, Mumbai',
    about:
      'Thirty years in rough planning and manufacturing. Rakesh sets what we buy, what we cut and what we keep in stock.',
  },
  {
    name: 'Anjali Shah',
    role: 'Director of Sales',
    about: 'Leads the key account managers in all six offices and the Bid to Buy and new-arrival events.',
  },
  {
    name: 'Pieter Janssens',
    role: 'Head of Antwerp',
    about:
      'Runs our Antwerp office at Hoveniersstraat and our relations with European wholesalers and the HRD laboratory.',
  },
  {
    name: 'Daniel Cohen',
    role: 'Head of North America, New York',
    about:
      'Serves independent jewellers and manufacturers across the United States, including memo programmes and trade shows.',
  },
  {
    name: 'Priya Nair',
    role: 'Head of Compliance',
    about:
      'Owns KYC and anti-money-laundering checks, Kimberley Process records and the System of Warranties on our invoices.',
  },
  {
    name: 'Vikram Desai',
    role: 'Head of Grading and Traceability',
    about:
      'Checks incoming goods against their reports and keeps the GemTrac record of each stone from rough to certificate.',
  },
] as const;

export const leadership: PageContent = {
  title: 'Leadership · Loupe Diamonds',
  description:
    'The people who run Loupe Diamonds: manufacturing, sales, compliance and grading leaders across Mumbai, Antwerp, New York and our other offices.',
  heading: 'The people behind Loupe',
  lead: 'Our leaders come from the cutting floor, the grading room and the sales desk. Each of them answers to buyers, not only to reports.',
  body: `
<div class="grid">
${LEADERS.map((l) => `<div class="card"><h3>${l.name}</h3><p class="muted">${l.role}</p><p>${l.about}</p></div>`).join('\n')}
</div>
<p>Every buyer also has a key account manager of their own. <a href="/v3/contact-us">Ask us to introduce yours</a>.</p>
`,
};
