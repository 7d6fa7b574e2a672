import { CONTACT_TOPICS, contactSales } from '@loupe/contract/site';
import { escapeHtml, OFFICES, type PageContent } from '../layout.ts';

type Field = 'name' | 'company' | 'email' | 'phone' | 'topic' | 'message';

/** What the contact page shows: the thank-you state, or the form (again, with what to correct). */
export interface ContactState {
  sent?: boolean;
  /** A refusal of the whole message (too many messages). */
  problem?: string;
  errors?: Partial<Record<Field, string>>;
  values?: Partial<Record<Field, string>>;
}

const TOPIC_LABELS: Record<(typeof CONTACT_TOPICS)[number], string> = {
  stock: 'Stock and prices',
  account: 'Opening a buyer account',
  trade_show: 'Meeting us at a trade show',
  other: 'Something else',
};

function field(state: ContactState, name: Field, label: string, input: string) {
  const error = state.errors?.[name];
  const id = `contact-${name}`;
  const invalid = error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
  return `<label for="${id}">${label}${input.replace('{attrs}', `id="${id}" name="${name}"${invalid}`)}${
    error ? `<span class="field-error" id="${id}-error">${escapeHtml(error)}</span>` : ''
  }</label>`;
}

function form(state: ContactState) {
  const value = (name: Field) => escapeHtml(state.values?.[name] ?? '');
  const topic = state.values?.topic ?? 'stock';
  const options = CONTACT_TOPICS.map(
    (t) => `<option value="${t}"${t === topic ? ' selected' : ''}>${TOPIC_LABELS[t]}</option>`,
  ).join('');
  const errors = state.problem ?? (state.errors ? 'Please correct the fields marked below.' : undefined);
  return `${errors ? `<p class="errors" role="alert">${escapeHtml(errors)}</p>` : ''}
<form class="contact" method="post" action="${contactSales.path}">
${field(state, 'name', 'Your name', `<input {attrs} autocomplete="name" required minlength="2" maxlength="100" value="${value('name')}">`)}
${field(state, 'company', 'Company', `<input {attrs} autocomplete="organization" required minlength="2" maxlength="120" value="${value('company')}">`)}
${field(state, 'email', 'Business email', `<input {attrs} type="email" autocomplete="email" required maxlength="254" value="${value('email')}">`)}
${field(state, 'phone', 'Phone (optional, with country code)', `<input {attrs} type="tel" autocomplete="tel" maxlength="30" value="${value('phone')}">`)}
${field(state, 'topic', 'What is it about?', `<select {attrs}>${options}</select>`)}
${field(state, 'message', 'Your message', `<textarea {attrs} rows="6" required minlength="10" maxlength="4000">${value('message')}</textarea>`)}
<button type="submit">Send to our sales team</button>
</form>`;
}

export function contactUs(state: ContactState): PageContent {
  const offices = OFFICES.map((o) => `<li>${o.city}</li>`).join('');
  return {
    title: 'Contact us · Loupe Diamonds',
    description:
      'Write to the Loupe Diamonds sales team about certified natural diamonds, opening a buyer account or meeting us at a trade show; a key account manager answers within one working day.',
    heading: 'Talk to our sales team',
    lead: 'Tell us what you are looking for. A key account manager at the office nearest to you answers within one working day.',
    body: `${
      state.sent
        ? '<p class="notice" role="status"><strong>Thank you, your message has reached our sales team.</strong> A key account manager will answer within one working day.</p>'
        : form(state)
    }
<h2>Or reach us directly</h2>
<p>Email <a href="mailto:sales@loupe-diamonds.example">sales@loupe-diamonds.example</a>, or visit us by appointment at one of our offices:</p>
<ul>${offices}</ul>
<p>Already a buyer? <a href="/v2/login">Log in</a> to message your key account manager or book an appointment.</p>`,
  };
}
