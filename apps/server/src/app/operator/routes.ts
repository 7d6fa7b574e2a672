import { timingSafeEqual } from 'node:crypto';
import * as operator from '@loupe/contract/operator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import type { AppDeps } from '../app.ts';
import { runOperatorCommand } from './commands.ts';

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Room for a 50 MB file in base64 plus the command around it. */
const BODY_LIMIT = Math.ceil(operator.OPERATOR_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;

export async function operatorRoutes(app: FastifyInstance, deps: AppDeps) {
  // Its own scope, so the credential is checked before a large body is even read.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      const given = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
      if (!deps.operatorToken || !given || !sameSecret(given, deps.operatorToken)) {
        throw new AppError('UNAUTHORIZED', 'The operator credential is missing or wrong.');
      }
    });
    registerRoute(
      scope,
      operator.runOperatorCommand,
      async (request) => {
        request.log.info({ args: request.body.args.slice(0, 2) }, 'operator command');
        const file = request.body.file;
        const attachment = file
          ? { file: { name: file.name, content: Buffer.from(file.content_base64, 'base64') } }
          : {};
        return { output: await runOperatorCommand(deps, request.body.args, attachment) };
      },
      { bodyLimit: BODY_LIMIT },
    );
  });
}
