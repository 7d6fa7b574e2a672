import type { PageContent } from '../layout.ts';

export const ourStory: PageContent = {
  title: 'Our story · Loupe Diamonds',
  description:
    'How Loupe Diamonds grew from a cutting workshop in Surat into a supplier of certified natural diamonds to jewellers and wholesalers on four continents.',
  heading: 'From a cutting bench in Surat to buyers on four continents',
  lead: 'Loupe Diamonds began as a small cutting workshop and still thinks like one: every stone we sell has passed through the hands of people who know what it can become.',
  body: `
<h2>Where we started</h2>
<p>Loupe began in Surat, the city where most of the world's diamonds are cut and polished. Our founders planned and polished rough for other houses before they bought their own first parcels. The name comes from the 10× loupe every grader carries: the tool that decides whether a stone is what its seller says it is.</p>
<h2>How we grew</h2>
<p>We opened our sales office at the Bharat Diamond Bourse in Mumbai to sell directly to the trade, then followed our buyers abroad: to Antwerp, the historic centre of the rough and polished trade; to New York's Fifth Avenue district, where American jewellers buy; to Dubai's Almas Tower for the Gulf and the markets it serves; and to Hong Kong for buyers across Asia.</p>
<h2>Why we built a portal</h2>
<p>Our buyers told us they wanted to see exactly what we hold, wherever it sits, at the price it would cost them, without waiting for a stock list by email. The Loupe portal shows our live inventory with its grading reports, photographs and videos, and lets a buyer hold, bid on and confirm stones at any hour. Their key account manager sees the same stones and is a call or a message away.</p>
<h2>What has not changed</h2>
<ul>
<li>We sell only natural diamonds, and we disclose every treatment we know of.</li>
<li>Certified stones are graded by independent laboratories: GIA, IGI and HRD.</li>
<li>Every buyer has one key account manager who answers for their orders from hold to delivery.</li>
</ul>
<p><a href="/v3/about-us/leadership">Meet the people who run Loupe</a>.</p>
`,
};
