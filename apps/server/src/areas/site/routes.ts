import { contactSales, robots, type SitePage, sitemap, sitePages } from '@loupe/contract/site';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorHandler } from '../../platform/http/error-handler.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import { type PageContent, renderPage } from './layout.ts';
import { blogs } from './pages/blogs.ts';
import { type ContactState, contactUs } from './pages/contact-us.ts';
import { home } from './pages/home.ts';
import { leadership } from './pages/leadership.ts';
import { notFound } from './pages/not-found.ts';
import { ourStory } from './pages/our-story.ts';
import { privacyPolicy } from './pages/privacy-policy.ts';
import { sustainability } from './pages/sustainability.ts';
import { traceability } from './pages/traceability.ts';

export interface SiteRouteDeps {
  messenger: Messenger;
  /** Where the contact form's messages go. */
  salesDeskEmail: string;
  /** The site's own address, for canonical links, Open Graph and the sitemap. */
  publicUrl: string;
}

/** A visitor may send a few messages a minute from one address; more is a robot. */
export const CONTACT_LIMIT = { max: 5, timeWindow: 60_000 } as const;

/** The pages have no script at all, and nothing else may run in them. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const STATIC_PAGES: Record<Exclude<SitePage, 'contactUs'>, PageContent> = {
  home,
  ourStory,
  leadership,
  blogs,
  sustainability,
  traceability,
  privacyPolicy,
};

const FIELD_HINTS: Record<string, string> = {
  name: 'Please give your name (2 to 100 characters, one line).',
  company: 'Please give your company (2 to 120 characters, one line).',
  email: 'Please give a valid email address.',
  phone: 'A phone number has at most 30 characters.',
  topic: 'Please choose a topic from the list.',
  message: 'Please write at least 10 characters (at most 4,000).',
};

/**
 * A browser's post of the plain HTML form, which wants a page back (the redirect to the thank-you
 * state, or the form again); any other client hears JSON.
 */
const isFormPage = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
  String(request.headers.accept ?? '').includes('text/html');

/** A browser navigating (it asks for HTML, as a page), not a client of the API. */
const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  String(request.headers.accept ?? '').includes('text/html');

function sendHtml(reply: FastifyReply, html: string) {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'public, max-age=300')
    .header('content-security-policy', PAGE_POLICY);
  return Buffer.from(html);
}

function stringValues(body: unknown): ContactState['values'] {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string'));
}

/** Answers a not-found request with a page, or leaves it (null) to the JSON 404. */
export type PageNotFound = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | null;

/**
 * The site's "page not found", for the app's one not-found handler: a browser navigating to an
 * address under the site that has no page gets it with status 404 and the way back; a client
 * asking for JSON, anything but a GET, and every path outside the site are not the site's (null).
 */
export function sitePageNotFound(publicUrl: string): PageNotFound {
  const html = renderPage(null, notFound, publicUrl);
  const site = sitePages.home.path;
  return (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!wantsPage(request) || !(pathname === site || pathname.startsWith(`${site}/`))) return null;
    return reply.code(404).send(sendHtml(reply, html));
  };
}

/**
 * The public site (areas/site): its pages as ready HTML, the sitemap and robots.txt, and the
 * contact form, which takes JSON or a plain HTML form post and reaches sales as an email job.
 */
export async function siteRoutes(app: FastifyInstance, deps: SiteRouteDeps) {
  const { messenger, salesDeskEmail, publicUrl } = deps;
  // Made once: the pages change only with a release.
  const rendered = new Map(
    Object.entries(STATIC_PAGES).map(([page, content]) => [
      page,
      renderPage(page as SitePage, content, publicUrl),
    ]),
  );
  const contactPage = (state: ContactState) => renderPage('contactUs', contactUs(state), publicUrl);

  for (const [page, html] of rendered) {
    registerRoute(app, sitePages[page as Exclude<SitePage, 'contactUs'>], async (_request, reply) =>
      sendHtml(reply, html),
    );
  }
  registerRoute(app, sitePages.contactUs, async (request, reply) =>
    sendHtml(reply, contactPage({ sent: request.query.sent === '1' })),
  );

  registerRoute(app, sitemap, async (_request, reply) => {
    const urls = Object.values(sitePages)
      .map((p) => `<url><loc>${publicUrl}${p.path}</loc></url>`)
      .join('');
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`,
    );
  });

  registerRoute(app, robots, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    // The portal behind the login and the API are no business of a search engine.
    return Buffer.from(
      `User-agent: *\nAllow: /v3\nAllow: /privacy-policy\nDisallow: /\n\nSitemap: ${publicUrl}${sitemap.path}\n`,
    );
  });

  // The contact form in a scope of its own: the plain HTML form's body, and its refusals shown as
  // the form again rather than as JSON.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scoped.setErrorHandler((error: FastifyError, request, reply) => {
      if (!isFormPage(request)) return errorHandler(error, request, reply);
      const state: ContactState = { values: stringValues(request.body) };
      if (hasZodFastifySchemaValidationErrors(error)) {
        state.errors = {};
        for (const v of error.validation) {
          const field = v.instancePath.replace(/^\//, '').split('/')[0] ?? '';
          if (field in FIELD_HINTS) state.errors[field as keyof typeof state.errors] = FIELD_HINTS[field];
        }
        if (Object.keys(state.errors).length === 0)
          state.problem = 'Please use the form below to write to us.';
        reply.code(400);
      } else if ((error.statusCode ?? 500) === 429) {
        state.problem =
          'You have sent several messages in a short time. Please wait a minute, or email sales@loupe-diamonds.example.';
        reply.code(429);
      } else {
        return errorHandler(error, request, reply);
      }
      return reply.send(sendHtml(reply, contactPage(state)));
    });

    registerRoute(
      scoped,
      contactSales,
      async (request, reply) => {
        const { name, company, email, phone, topic, message } = request.body;
        await messenger.send({
          channel: 'email',
          to: salesDeskEmail,
          subject: `Website enquiry from ${company} (${topic})`,
          body: [
            'A visitor wrote to sales from the contact form of the public site.',
            '',
            `Name: ${name}`,
            `Company: ${company}`,
            `Email: ${email}`,
            `Phone: ${phone || '(not given)'}`,
            `Topic: ${topic}`,
            '',
            message,
          ].join('\n'),
        });
        request.log.info({ topic }, 'contact message queued for sales');
        if (isFormPage(request)) {
          reply.redirect(`${sitePages.contactUs.path}?sent=1`, 303);
          return;
        }
        return { received: true as const };
      },
      { rateLimit: CONTACT_LIMIT },
    );
  });
}
