import * as api from '@loupe/contract/campaigns';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { stoneWorkbook } from '../stock-export/index.ts';
import { campaignStoneIds, EXPORT_TITLES } from './campaign-stones.ts';
import { checkLink, exportUrl, signLink } from './link-tokens.ts';
import { type CampaignDeps, sendCampaignNow } from './send-campaign.ts';

export interface CampaignRouteDeps extends CampaignDeps {
  db: Database;
  clock: Clock;
}

/** The public exports behind their signed links, and the operator's `campaign link|send`. */
export async function campaignRoutes(app: FastifyInstance, deps: CampaignRouteDeps) {
  const { db, clock, linkKey } = deps;

  /**
   * The pinned answer is `{fileName, data}` (base64). A buyer who opens the email's link in a
   * browser (a navigation: it accepts text/html) gets the spreadsheet itself as a download instead
   * of a page of base64.
   */
  async function answerExport(
    request: FastifyRequest,
    reply: FastifyReply,
    link: api.ExportLink,
    token: string | undefined,
  ) {
    const now = clock.now();
    await checkLink(linkKey, token, link, now);
    const titles = EXPORT_TITLES[link];
    const stoneIds = await campaignStoneIds(db, link, now);
    const file = await stoneWorkbook(
      db,
      { stoneIds, sheetName: titles.sheet, title: titles.title, fileName: titles.file },
      now,
    );
    if ((request.headers.accept ?? '').includes('text/html')) {
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${titles.file}"`)
        .send(file);
    }
    return { fileName: titles.file, data: file.toString('base64') };
  }

  registerRoute(app, api.exportNewArrivalBids, async (request, reply) =>
    answerExport(request, reply, 'new-arrival-bids', request.query.token),
  );

  registerRoute(app, api.exportBackToStock, async (request, reply) => {
    const { module, time_frame, token } = request.query;
    const link: api.ExportLink =
      module === 'bidtobuy' ? 'back-to-stock:bidtobuy' : 'back-to-stock:newarrivals:last_week';
    if (module === 'newarrivals' && time_frame !== 'last_week') {
      throw new AppError('VALIDATION_FAILED', 'The new arrivals back in stock need time_frame=last_week.', [
        { path: 'time_frame', message: 'Must be last_week' },
      ]);
    }
    return answerExport(request, reply, link, token);
  });

  registerRoute(app, api.makeCampaignLink, async (request) => {
    const { token, expiresAt } = await signLink(linkKey, request.body.export, clock.now());
    return {
      url: exportUrl(deps.publicUrl, request.body.export, token),
      expires_at: expiresAt.toISOString(),
    };
  });

  registerRoute(app, api.sendCampaign, async (request) =>
    sendCampaignNow(db, deps, request.params.campaign, clock.now()),
  );
}
