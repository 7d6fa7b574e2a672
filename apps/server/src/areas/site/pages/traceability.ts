import type { PageContent } from '../layout.ts';

const STAGES = [
  ['Origin', 'The mine and country of the rough, with its Kimberley Process certificate.'],
  ['Architected by', 'The planner who scanned the rough and chose the polished stone it would yield.'],
  ['Laser cut by', 'The laser cutting and sawing that opened the rough along the plan.'],
  ['Crafted by', 'The cutter and polisher who gave the stone its facets, proportions and finish.'],
  ['Groomed by', 'The final checks, cleaning and the laser inscription of the report number on the girdle.'],
  ['Certified by', 'The independent laboratory (GIA, IGI or HRD) and the report it issued.'],
] as const;

export const traceability: PageContent = {
  title: 'Traceability: mine to certificate with GemTrac · Loupe Diamonds',
  description:
    'GemTrac by Loupe Diamonds follows a natural diamond through six stages, from the mine and rough planning to polishing and its GIA, IGI or HRD certificate, shown on each stone in the buyer portal.',
  heading: 'Every GemTrac diamond tells you where it has been',
  lead: 'For stones marked GemTrac, the Loupe portal shows the diamond’s journey in six stages, from the mine to its grading report, with dates, people and measurements at each step.',
  body: `
<h2>The six stages</h2>
<ol>
${STAGES.map(([stage, text]) => `<li><strong>${stage}</strong>: ${text}</li>`).join('\n')}
</ol>
<h2>What you can check yourself</h2>
<ul>
<li>The report number on the stone’s page links to the laboratory’s own report check: GIA Report Check, IGI Verify Your Report or the HRD Antwerp certificate lookup.</li>
<li>The laser inscription on the girdle carries the same number; your grader can read it under a loupe.</li>
<li>The photographs, videos, Hearts and Arrows, ASET and Ideal-scope images on the stone’s page are of that stone, not of a similar one.</li>
</ul>
<div class="band">
<p style="margin:0">In the portal, open any stone and choose <strong>GemTrac</strong> to see its journey. Ask your key account manager for the rough and planning records of a stone you are buying for a client who wants to know more.</p>
</div>
`,
};
