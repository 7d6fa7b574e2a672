import type { PageContent } from '../layout.ts';

export const home: PageContent = {
  title: 'Loupe Diamonds · Certified natural polished diamonds for the trade',
  description:
    'Loupe Diamonds supplies jewellers and wholesalers with natural polished diamonds graded by GIA, IGI and HRD, traceable from mine to certificate, from offices in Mumbai, Surat, Antwerp, New York, Dubai and Hong Kong.',
  heading: 'Certified natural diamonds, ready for your next order',
  lead: 'Loupe Diamonds cuts, grades and supplies natural polished diamonds to jewellers, manufacturers and wholesalers. Search live stock, hold stones, bid on events and confirm orders on the Loupe portal, with a key account manager who knows your business.',
  body: `
<ul class="figures" aria-label="Loupe in figures">
<li><strong>GIA · IGI · HRD</strong><span class="muted">independent grading on every certified stone</span></li>
<li><strong>6 offices</strong><span class="muted">Mumbai, Surat, Antwerp, New York, Dubai, Hong Kong</span></li>
<li><strong>0.18 – 10 ct</strong><span class="muted">rounds and fancy shapes, white and fancy colours</span></li>
</ul>
<h2>What we supply</h2>
<div class="grid">
<div class="card"><h3>Certified stock</h3><p>Rounds, ovals, pears, emeralds, cushions and the other fancy shapes, D to N-Z and fancy colours, FL to I3. Each certified stone links to its GIA, IGI or HRD report so you can check the grading before you buy.</p></div>
<div class="card"><h3>Matched pairs and layouts</h3><p>Pairs matched on shape, size, colour, clarity and make for earrings, and layouts for bracelets and necklaces, found for you by the portal and checked by our graders.</p></div>
<div class="card"><h3>New arrivals and Bid to Buy</h3><p>Fresh goods from our cutting floors every day, and a monthly Bid to Buy event where you name the discount you are ready to pay.</p></div>
</div>
<h2>How buying with Loupe works</h2>
<ol>
<li><strong>Open an account.</strong> Register on the portal and complete our KYC check; the diamond trade's anti-money-laundering rules require us to know who we sell to.</li>
<li><strong>Search and hold.</strong> Filter live stock by the 4Cs, make, fluorescence, lab, location and origin; hold stones while you talk to your customer.</li>
<li><strong>Confirm or take on memo.</strong> Confirm a purchase and get your invoice, or ask your key account manager for goods on memo.</li>
<li><strong>Ship or collect.</strong> Insured shipping from the office that holds the stone, or collection at any of our offices by appointment.</li>
</ol>
<div class="band">
<h2 style="margin-top:0">Know where your diamonds come from</h2>
<p>Stones marked GemTrac carry their whole journey: the mine, the planner who architected the rough, the laser cutting, the polishing, the final grooming and the grading laboratory. <a href="/v3/traceability">How traceability works</a>.</p>
</div>
<p><a href="/v2/register">Open a buyer account</a> · <a href="/v3/contact-us">Talk to our sales team</a></p>
`,
};
