import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contactSales, robots, sitemap, sitePages } from '@loupe/contract/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/call-route.ts';
import { createTestApp, latestMessage, type TestApp } from '../../test/test-app.ts';
import { CONTACT_LIMIT } from './routes.ts';
import { siteTokens } from './site-style.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SALES = 'sales@loupe.test';
const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,application/xhtml+xml' },
});
const goodMessage = {
  name: 'Maria Rossi',
  company: 'Rossi Gioielli',
  email: 'maria@rossi.example',
  phone: '+39 02 1234567',
  topic: 'stock' as const,
  message: 'We are looking for matched pairs of 0.50 ct rounds, G-H VS, GIA graded.',
};

describe('[SITE] the public pages', () => {
  for (const [name, page] of Object.entries(sitePages)) {
    it(`${name} (${page.path}) is ready HTML with its title, description, canonical and Open Graph tags`, async () => {
      const res = await callRoute(t.app, page);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = res.raw.body;
      const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
      expect(title).toContain('Loupe Diamonds');
      expect(html).toMatch(/<meta name="description" content="[^"]{60,}">/);
      expect(html).toContain(`<link rel="canonical" href="${t.deps.config.publicUrl}${page.path}">`);
      expect(html).toContain(`<meta property="og:title" content="${title}">`);
      expect(html).toMatch(/<meta property="og:description" content="[^"]+">/);
      expect(html).toContain(`<meta property="og:url" content="${t.deps.config.publicUrl}${page.path}">`);
      // Readable as it comes: content in the HTML, no script, no external stylesheet or font.
      expect(html).toMatch(/<h1>[^<]+<\/h1>/);
      expect(html).not.toMatch(/<script|<link rel="stylesheet"|@font-face/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    });
  }

  it('lists every page in the sitemap, and robots.txt points to it', async () => {
    const map = await callRoute(t.app, sitemap);
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toContain('application/xml');
    for (const page of Object.values(sitePages)) {
      expect(map.raw.body).toContain(`<loc>${t.deps.config.publicUrl}${page.path}</loc>`);
    }
    const robotsTxt = await callRoute(t.app, robots);
    expect(robotsTxt.raw.body).toContain(`Sitemap: ${t.deps.config.publicUrl}/sitemap.xml`);
    expect(robotsTxt.raw.body).toContain('Allow: /v3');
  });

  it('says Bid to Buy is a monthly event, as the portal does, on every page', async () => {
    for (const page of Object.values(sitePages)) {
      const html = (await callRoute(t.app, page)).raw.body;
      expect(html, page.path).not.toMatch(/weekly/i);
    }
    expect((await callRoute(t.app, sitePages.home)).raw.body).toContain('a monthly Bid to Buy event');
    expect((await callRoute(t.app, sitePages.blogs)).raw.body).toContain(
      'Bid to Buy: how our monthly events set a price',
    );
  });

  it('shows a browser the site’s own “page not found” (404) for an address under the site with no page', async () => {
    const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    for (const url of [`${sitePages.home.path}/nope`, `${sitePages.ourStory.path}/nope?ref=mail`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: browser });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toContain('<title>Page not found · Loupe Diamonds</title>');
      expect(res.body).toMatch(/<h1>Page not found<\/h1>/);
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(res.body).not.toContain('rel="canonical"');
      for (const page of [sitePages.home, sitePages.blogs, sitePages.contactUs]) {
        expect(res.body).toContain(`<a href="${page.path}">`);
      }
      expect(res.body).not.toMatch(/<script/);
    }
    // The pages themselves are still there.
    expect(
      (await t.app.inject({ method: 'GET', url: sitePages.home.path, headers: browser })).statusCode,
    ).toBe(200);
  });

  it('answers the JSON 404 to a client asking for JSON, to anything but a GET, and outside the site', async () => {
    const unknown = `${sitePages.home.path}/nope`;
    const json = await t.app.inject({ method: 'GET', url: unknown, headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ code: 'NOT_FOUND', message: `No route GET ${unknown}.` });
    const post = await t.app.inject({
      method: 'POST',
      url: unknown,
      headers: { accept: 'text/html', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ code: 'NOT_FOUND' });
    // An API path a browser asks for stays the API's JSON 404.
    const api = await t.app.inject({
      method: 'GET',
      url: `${contactSales.path}/nope`,
      headers: { accept: 'text/html' },
    });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('uses the design tokens of the portal', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const tokens = fs.readFileSync(path.join(here, '../../../../web/src/styles/tokens.css'), 'utf8');
    for (const [name, value] of Object.entries(siteTokens)) {
      expect(tokens, name).toContain(`${name}: ${value};`);
    }
  });
});

describe('[SITE] the contact form', () => {
  it('queues an email to sales and answers 201 to JSON', async () => {
    const res = await callRoute(t.app, contactSales, { body: { ...goodMessage, topic: 'trade_show' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ received: true });
    const mail = await latestMessage(t.app, SALES);
    expect(mail?.subject).toBe('Website enquiry from Rossi Gioielli (trade_show)');
    expect(mail?.body).toContain('maria@rossi.example');
    expect(mail?.body).toContain('matched pairs of 0.50 ct rounds');
    // Emails are jobs; the instance's own runner may already have delivered it, so a pass of
    // the due jobs finds nothing failed rather than a set number run.
    const pass = await t.runDueJobs();
    expect(pass.failed).toBe(0);
  });

  it('takes the plain HTML form and redirects to the thank-you state', async () => {
    const res = await callRoute(t.app, contactSales, {
      ...form({ ...goodMessage, company: 'Form Jewellers' }),
      remoteAddress: '10.0.0.2',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/v3/contact-us?sent=1');
    expect((await latestMessage(t.app, SALES))?.subject).toContain('Form Jewellers');
    const thanks = await callRoute(t.app, sitePages.contactUs, { query: { sent: '1' } });
    expect(thanks.raw.body).toContain('your message has reached our sales team');
    expect(thanks.raw.body).not.toContain('<form');
  });

  it('refuses bad input with {code, message} as JSON, and shows the form again to a form post', async () => {
    const bad = await callRoute(t.app, contactSales, {
      rawBody: { ...goodMessage, email: 'not-an-email', message: 'short' },
    });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('VALIDATION_FAILED');
    expect(bad.error?.message).toBeTruthy();
    const injected = await callRoute(t.app, contactSales, {
      rawBody: { ...goodMessage, name: 'Maria\r\nBcc: x@y.example' },
    });
    expect(injected.status).toBe(400);

    const page = await callRoute(t.app, contactSales, {
      ...form({ ...goodMessage, email: 'nope', company: '<b>Acme</b>' }),
      remoteAddress: '10.0.0.3',
    });
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.raw.body).toContain('Please give a valid email address.');
    expect(page.raw.body).toContain('value="&#60;b&#62;Acme&#60;/b&#62;"');
    expect(page.raw.body).not.toContain('<b>Acme</b>');
    // A client that does not ask for a page hears JSON.
    const plain = await callRoute(t.app, contactSales, {
      payload: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(plain.status).toBe(400);
    expect(plain.error?.code).toBe('VALIDATION_FAILED');
  });

  it('is rate limited per address', async () => {
    const from = { remoteAddress: '10.0.0.9' };
    for (let i = 0; i < CONTACT_LIMIT.max; i++) {
      expect((await callRoute(t.app, contactSales, { body: goodMessage, ...from })).status).toBe(201);
    }
    const limited = await callRoute(t.app, contactSales, { body: goodMessage, ...from });
    expect(limited.status).toBe(429);
    expect(limited.error?.code).toBe('RATE_LIMITED');
    const formLimited = await callRoute(t.app, contactSales, { ...form(goodMessage), ...from });
    expect(formLimited.status).toBe(429);
    expect(formLimited.raw.body).toContain('Please wait a minute');
    expect(
      (await callRoute(t.app, contactSales, { body: goodMessage, remoteAddress: '10.0.0.10' })).status,
    ).toBe(201);
  });
});
