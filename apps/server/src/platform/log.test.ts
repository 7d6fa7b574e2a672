import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactText, serializeError } from './log.ts';

describe('error logs keep no personal data', () => {
  it("drops a failed query's parameters, hashes, emails and phone numbers", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(owner@example.com) already exists.',
    });
    const err = new DrizzleQueryError(
      'select "id" from "customers" where "email" = $1 or "phone" = $2 or "password_hash" = $3',
      ['owner@example.com', '+919876543210', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
      cause,
    );
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('select \\"id\\" from \\"customers\\"');
    expect(logged).toContain('23505');
    for (const secret of ['owner@example.com', '9876543210', 'argon2id', 'aGFzaA']) {
      expect(logged).not.toContain(secret);
    }
  });

  it('masks what a message carries by itself', () => {
    expect(redactText('no customer a.b@c.co with +91 98765 43210')).toBe('no customer [email] with [number]');
    expect(redactText('stone LD-104233 of order 000042')).toBe('stone LD-104233 of order 000042');
  });
});
