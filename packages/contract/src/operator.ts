import { z } from 'zod';
import { route } from './route.ts';

/** The largest file an operator command takes: 50 MB, sent as base64. */
export const OPERATOR_FILE_MAX_BYTES = 50 * 1024 * 1024;
const OPERATOR_FILE_BASE64_CHARS = Math.ceil(OPERATOR_FILE_MAX_BYTES / 3) * 4;

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
  body: z.object({
    args: z.array(z.string().max(2000)).min(1).max(20),
    /** A file the command reads (`stock import <file.csv>`), read by the CLI where it runs. */
    file: z
      .object({
        name: z.string().min(1).max(255),
        content_base64: z.string().max(OPERATOR_FILE_BASE64_CHARS),
      })
      .optional(),
  }),
  status: 200,
  response: z.object({ output: z.string() }),
});
