import { importStock, stockImportStatus } from '@loupe/contract/stock-import';
import { callRoute } from './call-route.ts';
import { OPERATOR_TOKEN, type TestApp } from './test-app.ts';

/**
 * A stock upload as the command line makes it: the file to the import route (checked there, a
 * refused file answered 400), then the import's job run and its status read, report included.
 */
export async function importThroughJob(
  t: TestApp,
  name: string,
  content: string | Buffer,
  options: { skipInvalid?: boolean } = {},
) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const res = await callRoute(t.app, importStock, {
    token: OPERATOR_TOKEN,
    upload: { name, content: bytes, fields: { skip_invalid: String(options.skipInvalid ?? false) } },
  });
  if (res.status !== 201)
    return { status: res.status, error: res.error, started: undefined, final: undefined };
  await t.runDueJobs();
  const final = await callRoute(t.app, stockImportStatus, {
    token: OPERATOR_TOKEN,
    params: { importId: res.body.import_id },
  });
  return { status: res.status, error: undefined, started: res.body, final: final.body };
}
