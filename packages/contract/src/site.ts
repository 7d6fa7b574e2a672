import { z } from 'zod';
import { email } from './fields.ts';
import { route } from './route.ts';

/**
 * The public marketing site of Loupe Diamonds (spec §2, pins "Trade show, public site, tracking"):
 * pages served as ready HTML, readable with JavaScript off, and the contact form that reaches sales.
 */

const page = (path: string, summary: string) =>
  route({ method: 'GET', path, summary, tag: 'site', auth: false, status: 200 });

export const sitePages = {
  home: page('/v3', 'The marketing site: home'),
  ourStory: page('/v3/about-us/our-story', 'The marketing site: our story'),
  leadership: page('/v3/about-us/leadership', 'The marketing site: leadership'),
  contactUs: route({
    method: 'GET',
    path: '/v3/contact-us',
    summary: 'The marketing site: contact us (with the thank-you state after a message)',
    tag: 'site',
    auth: false,
    query: z.object({ sent: z.enum(['1']).optional() }),
    status: 200,
  }),
  blogs: page('/v3/blogs', 'The marketing site: articles for buyers'),
  sustainability: page('/v3/sustainability', 'The marketing site: sustainability'),
  traceability: page('/v3/traceability', 'The marketing site: traceability'),
  privacyPolicy: page('/privacy-policy', 'The privacy policy'),
} as const;

export type SitePage = keyof typeof sitePages;

export const sitemap = route({
  method: 'GET',
  path: '/sitemap.xml',
  summary: 'The sitemap of the public pages',
  tag: 'site',
  auth: false,
  status: 200,
});

export const robots = route({
  method: 'GET',
  path: '/robots.txt',
  summary: 'What crawlers may read',
  tag: 'site',
  auth: false,
  status: 200,
});

/** One line of text: no line breaks (they would end up in an email's subject). */
const line = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .regex(/^[^\r\n]*$/, 'must be one line');

export const CONTACT_TOPICS = ['stock', 'account', 'trade_show', 'other'] as const;

export const contactSalesBody = z.object({
  name: line(2, 100),
  company: line(2, 120),
  email,
  phone: line(0, 30).optional(),
  topic: z.enum(CONTACT_TOPICS).default('stock'),
  message: z.string().trim().min(10).max(4000),
});

/**
 * A visitor's message to sales. Sent as JSON it answers 201; sent by the site's plain HTML form
 * (application/x-www-form-urlencoded) it redirects to the contact page's thank-you state, and a
 * refusal shows the form again with what to correct. Rate limited per address.
 */
export const contactSales = route({
  method: 'POST',
  path: '/public/contact',
  summary: 'Send a message to the sales team from the public site',
  tag: 'site',
  auth: false,
  body: contactSalesBody,
  status: 201,
  response: z.object({ received: z.literal(true) }),
});
