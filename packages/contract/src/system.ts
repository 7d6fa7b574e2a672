import { z } from 'zod';
import { route } from './route.ts';

export const health = route({
  method: 'GET',
  path: '/health',
  summary: 'Liveness and database readiness',
  tag: 'system',
  auth: false,
  status: 200,
  response: z.object({ status: z.literal('ok') }),
});

export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** Outside production only: every email and SMS sent, newest first. */
export const devOutbox = route({
  method: 'GET',
  path: '/__dev/outbox',
  summary: 'Messages sent to an email address or phone number (not in production)',
  tag: 'dev',
  auth: false,
  query: z.object({ to: z.string().trim().min(1).max(254) }),
  status: 200,
  response: z.object({ messages: z.array(outboxMessage) }),
});
