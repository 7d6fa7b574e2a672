import { z } from 'zod';
import { route } from './route.ts';

/**
 * The back office's door while the server runs: `npm run admin -- <command>` sends its arguments
 * here with the operator credential instead of opening the embedded database a second time.
 */
export const runOperatorCommand = route({
  method: 'POST',
  path: '/operator/commands',
  summary: 'Run an admin command (operator credential required)',
  tag: 'operator',
  auth: false,
  body: z.object({ args: z.array(z.string().max(2000)).min(1).max(20) }),
  status: 200,
  response: z.object({ output: z.string() }),
});
