import { timingSafeEqual } from 'node:crypto';
import * as operator from '@loupe/contract/operator';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/http.ts';
import { runOperatorCommand } from './commands.ts';

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function operatorRoutes(app: FastifyInstance, deps: AppDeps) {
  registerRoute(app, operator.runOperatorCommand, async (request) => {
    const given = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!deps.operatorToken || !given || !sameSecret(given, deps.operatorToken)) {
      throw new AppError('UNAUTHORIZED', 'The operator credential is missing or wrong.');
    }
    request.log.info({ args: request.body.args.slice(0, 2) }, 'operator command');
    return { output: await runOperatorCommand(deps, request.body.args) };
  });
}
