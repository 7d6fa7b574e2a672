import { sitePages } from '@loupe/contract/site';
import type { PageContent } from '../layout.ts';

/** What a browser gets for an address under the site that has no page: the way back in. */
export const notFound: PageContent = {
  title: 'Page not found · Loupe Diamonds',
  description:
    'There is no page at this address on the Loupe Diamonds site. Find your way back to our home page, our insights for buyers or our sales team.',
  heading: 'Page not found',
  lead: 'There is no page at this address. The link may be mistyped, or the page may have moved.',
  body: `
<h2>Where to go from here</h2>
<ul>
<li><a href="${sitePages.home.path}">Loupe Diamonds home</a></li>
<li><a href="${sitePages.blogs.path}">Insights for diamond buyers</a></li>
<li><a href="${sitePages.contactUs.path}">Contact our sales team</a></li>
<li><a href="/v2/login">Buyer login</a>, for the Loupe portal</li>
</ul>
`,
};
