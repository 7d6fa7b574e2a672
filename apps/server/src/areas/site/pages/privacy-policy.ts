import type { PageContent } from '../layout.ts';

/** The same policy as the portal's own page (apps/web/src/routes/privacy-policy.tsx). */
export const privacyPolicy: PageContent = {
  title: 'Privacy policy · Loupe Diamonds',
  description:
    'How Loupe Diamonds keeps and uses the personal data of the buyers and companies who use the Loupe portal: what we keep, why, for how long, who we share it with and your rights.',
  heading: 'Privacy policy',
  lead: 'Loupe Diamonds · Last updated 1 March 2026',
  body: `
<p>
Loupe is the trading portal of Loupe Diamonds, a supplier of loose polished diamonds to the trade.
This policy explains what personal data we keep about the buyers and companies who use Loupe, why we
keep it, for how long, and how to reach us about it. Loupe is a business-to-business service: we deal
with you as the representative of your company.
</p>

<h2>Who is responsible</h2>
<p>
Loupe Diamonds is the controller of the personal data processed through the portal, the Loupe mobile
app and the emails and text messages we send from them.
</p>

<h2>What data we keep</h2>
<ul>
<li>
<strong>Account data:</strong> your first and last name, company name, email address, mobile number
with country code, your password (stored only as a salted hash) and, if you give one, the sales
person who referred you.
</li>
<li>
<strong>KYC data:</strong> the company registration, identity, address and trade documents you
upload or hand to your key account manager, and the result of our review. Anti-money-laundering
rules for the diamond trade require us to check who we sell to.
</li>
<li>
<strong>Trading data:</strong> the stones you search for, save, add to your cart, bid on, hold, take
on memo or confirm; your orders, invoices and appointments; and your requests for a callback.
</li>
<li>
<strong>Device and session data:</strong> the browser and operating system of each device you log in
from, the time of each session, the city and country of the device when your browser allows location
access, and the push-notification address of your device when you allow notifications.
</li>
<li>
<strong>Usage data:</strong> which pages you open and for how long, the steps of registration you
complete, and, when you arrive from one of our emails, the campaign that brought you.
</li>
</ul>

<h2>Why we use it</h2>
<ul>
<li>
To run your account and let you buy: showing stock and prices, holding and confirming stones,
bidding, invoicing and shipping.
</li>
<li>
To meet our legal duties: KYC and anti-money-laundering checks, tax and accounting records, and
Kimberley Process and System of Warranties record keeping.
</li>
<li>
To keep Loupe secure: verifying your mobile number and email address, detecting unusual logins, and
letting you log out of this device or of all devices.
</li>
<li>
To serve you personally: your key account manager sees your activity so that they can offer the
right goods and call you back when you ask.
</li>
<li>
To improve Loupe: measuring which features are used. We use aggregated figures for this wherever we
can.
</li>
<li>
To keep you informed about new arrivals and bid-to-buy events, which you can switch off in your
account at any time.
</li>
</ul>
<p>
We rely on our contract with your company, our legal obligations and our legitimate interest in
running a secure trading service. Where we ask for your consent (location access, notifications,
marketing cookies), you can withdraw it at any time without affecting the rest of the service.
</p>

<h2>Who we share it with</h2>
<p>
We never sell personal data. We share it only with the service providers that run Loupe for us
(hosting, email and SMS delivery, push notifications), with logistics and insurance partners when we
ship your goods, with grading laboratories when a stone is re-examined for you, and with authorities
when the law requires it. Our providers act on our instructions and under written agreements.
</p>

<h2>How long we keep it</h2>
<ul>
<li>
Account and trading data: while your account is open and for 7 years after your last order, as tax
and anti-money-laundering laws require.
</li>
<li>KYC documents: 5 years after the end of our business relationship.</li>
<li>Verification codes: until used, and at most 24 hours.</li>
<li>Session, device and location data: 12 months.</li>
<li>
Usage and campaign data: 3 hours in your browser for campaign links; 24 months on our side, after
which it is deleted or made anonymous.
</li>
<li>Registrations that are never completed: 90 days.</li>
</ul>

<h2>Your rights</h2>
<p>
You can ask to see the data we hold about you, to correct it, to delete it where we are not obliged to
keep it, to restrict or object to its use, and to receive it in a portable format. You can also
complain to your data protection authority. Most details can be corrected directly in My Account.
</p>

<h2>Security</h2>
<p>
Connections to Loupe are encrypted, passwords are hashed, sessions can be ended from any device, and
only staff who need your data for their work can see it.
</p>

<h2>Contact</h2>
<p>
Write to our privacy team at <a href="mailto:privacy@loupe-diamonds.example">privacy@loupe-diamonds.example</a> or to our desk at
<a href="mailto:support@loupe-diamonds.example">support@loupe-diamonds.example</a>. Your key account manager can also pass on any
request. We answer within 30 days.
</p>

`,
};
