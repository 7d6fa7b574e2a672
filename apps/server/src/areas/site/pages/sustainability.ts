import type { PageContent } from '../layout.ts';

export const sustainability: PageContent = {
  title: 'Sustainability and responsible sourcing · Loupe Diamonds',
  description:
    'How Loupe Diamonds sources natural rough responsibly: Kimberley Process certification, the System of Warranties, known-origin rough from Botswana, Namibia, South Africa, Canada and Angola, and care for our workshops and people.',
  heading: 'Responsible from the rough onwards',
  lead: 'A diamond is only as good as the record behind it. We buy rough we can account for, treat the people who cut it fairly, and tell our buyers what we know.',
  body: `
<h2>Sourcing</h2>
<ul>
<li>All our rough is bought with Kimberley Process certificates, from producers and sightholders whose origin we can name: Botswana, Namibia, South Africa, Canada and Angola.</li>
<li>Every invoice carries the System of Warranties statement that the diamonds come from legitimate sources not involved in funding conflict.</li>
<li>We do not trade synthetic or laboratory-grown diamonds, and every stone we sell is screened for them before it is graded.</li>
</ul>
<h2>People</h2>
<p>Our cutting and polishing workshops in Surat follow written standards for working hours, wages, safety and ventilation, checked every year by an outside auditor. No one under 18 works on our floors.</p>
<h2>Environment</h2>
<ul>
<li>Our Surat workshops run partly on rooftop solar power, and we are working to raise that share every year.</li>
<li>Diamond dust and polishing residue are collected and recycled, not washed away.</li>
<li>Goods move between our offices in consolidated, insured shipments to cut the number of flights.</li>
</ul>
<h2>Compliance</h2>
<p>We check every buyer before the first sale (KYC) and keep the records the anti-money-laundering rules of India, Belgium, the United States, the UAE and Hong Kong require. <a href="/v3/traceability">See how we trace each stone</a>.</p>
`,
};
