import { type SitePage, sitePages } from '@loupe/contract/site';
import { siteStyle } from './site-style.ts';

/** Text written into HTML: the five characters that could end an element or an attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Where Loupe Diamonds receives buyers (the same stores as the appointments of the portal). */
export const OFFICES = [
  { city: 'Mumbai', address: 'BW 4021, Bharat Diamond Bourse, Bandra Kurla Complex, Mumbai 400051, India' },
  { city: 'Surat', address: '7th Floor, Surat Diamond Bourse, Khajod, Surat 395007, India' },
  { city: 'Antwerp', address: 'Hoveniersstraat 30, Office 512, 2018 Antwerp, Belgium' },
  { city: 'New York', address: '580 Fifth Avenue, Suite 1210, New York, NY 10036, USA' },
  { city: 'Dubai', address: 'Almas Tower, Office 2704, Jumeirah Lakes Towers, Dubai, UAE' },
  { city: 'Hong Kong', address: 'Unit 1203, Peninsula Square, 18 Sung On Street, Hung Hom, Hong Kong' },
] as const;

/** One page of the site: its words for search engines and link previews, and its content. */
export interface PageContent {
  title: string;
  description: string;
  /** The large heading and its lead paragraph. */
  heading: string;
  lead: string;
  /** The page's own HTML, between the hero and the footer. */
  body: string;
}

const NAV: { page: SitePage; label: string }[] = [
  { page: 'ourStory', label: 'Our story' },
  { page: 'leadership', label: 'Leadership' },
  { page: 'traceability', label: 'Traceability' },
  { page: 'sustainability', label: 'Sustainability' },
  { page: 'blogs', label: 'Insights' },
  { page: 'contactUs', label: 'Contact us' },
];

/**
 * The whole HTML of a page: ready to read without JavaScript (there is none), its style inline,
 * and its title, description, canonical address and Open Graph tags in the head. A page of no
 * address of its own (`null`: the site's "page not found") has no canonical address and is not
 * for search engines.
 */
export function renderPage(page: SitePage | null, content: PageContent, publicUrl: string): string {
  const canonical = page ? `${publicUrl}${sitePages[page].path}` : null;
  const title = escapeHtml(content.title);
  const description = escapeHtml(content.description);
  const address = canonical
    ? `<link rel="canonical" href="${canonical}">`
    : '<meta name="robots" content="noindex">';
  const nav = NAV.map(
    (item) =>
      `<li><a href="${sitePages[item.page].path}"${item.page === page ? ' aria-current="page"' : ''}>${item.label}</a></li>`,
  ).join('');
  const offices = OFFICES.map(
    (o) => `<li><strong>${o.city}</strong><br><address>${escapeHtml(o.address)}</address></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${description}">
${address}
<meta property="og:type" content="website">
<meta property="og:site_name" content="Loupe Diamonds">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
${canonical ? `<meta property="og:url" content="${canonical}">\n` : ''}<meta name="twitter:card" content="summary">
<meta name="theme-color" content="#0b1f3a">
<style>${siteStyle}</style>
</head>
<body>
<header class="top"><div class="wrap">
<a class="brand" href="${sitePages.home.path}">LOUPE <span>DIAMONDS</span></a>
<nav aria-label="Site"><ul class="nav">${nav}<li><a class="cta" href="/v2/login">Buyer login</a></li></ul></nav>
</div></header>
<section class="hero"><div class="wrap"><h1>${escapeHtml(content.heading)}</h1><p>${content.lead}</p></div></section>
<main id="main"><div class="wrap">
${content.body}
</div></main>
<footer class="foot"><div class="wrap">
<h2 style="font-size:var(--text-2xl);color:#fff;margin-top:0">Our offices</h2>
<ul class="grid" style="list-style:none;padding:0">${offices}</ul>
<p>Sales desk: <a href="mailto:sales@loupe-diamonds.example">sales@loupe-diamonds.example</a> ·
<a href="${sitePages.privacyPolicy.path}">Privacy policy</a> · <a href="/sitemap.xml">Sitemap</a></p>
<p>© Loupe Diamonds. Natural polished diamonds for the trade. Member of the Kimberley Process through our bourse memberships; every invoice carries the System of Warranties statement.</p>
</div></footer>
</body>
</html>`;
}
