import * as kycApi from '@loupe/contract/kyc';
import { KYC_ENTITY_TYPES } from '@loupe/contract/kyc-fields';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db/client.ts';
import { registerRoute } from '../../platform/http/register-route.ts';
import { sessionOf } from '../../platform/http/session.ts';
import type { Messenger } from '../../platform/messaging/messenger.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { decideKyc, showKyc } from './decide-kyc.ts';
import { restartKyc, saveKycStep, submitKyc } from './kyc-application.ts';
import { requestKycCallback } from './kyc-callback.ts';
import { readKycDocument, removeKycDocument, uploadKycDocument } from './kyc-documents.ts';
import { resendOrEditKycEmail, sendKycEmailCode, verifyKycEmailCode } from './kyc-email.ts';
import { kycStateOf } from './kyc-state.ts';

export interface KycRouteDeps {
  db: Database;
  clock: Clock;
  messenger: Messenger;
  /** The documents' files (`kyc/<customer id>/…`). */
  storage: Storage;
  /** Told of a KYC callback request when the customer has no KAM. */
  salesDeskEmail: string;
}

/** The KYC form, its documents, the email code, the callback request and the sales team's decision. */
export async function kycRoutes(app: FastifyInstance, deps: KycRouteDeps) {
  const { db, clock, messenger, storage } = deps;
  const me = (request: Parameters<typeof sessionOf>[0]) => sessionOf(request).customerId;

  registerRoute(app, kycApi.getKyc, async (request) => kycStateOf(db, me(request)));

  registerRoute(app, kycApi.saveKycStep, async (request) =>
    saveKycStep(db, clock, me(request), request.params.n, request.body),
  );

  registerRoute(app, kycApi.uploadKycDocument, async (request, _reply, upload) =>
    uploadKycDocument(db, clock, storage, me(request), upload),
  );

  registerRoute(app, kycApi.removeKycDocument, async (request) => {
    await removeKycDocument(db, storage, me(request), request.body);
  });

  registerRoute(app, kycApi.getKycDocument, async (request, reply) => {
    const file = await readKycDocument(db, storage, me(request), request.params.field_key);
    reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store');
    return file.stream;
  });

  registerRoute(app, kycApi.downloadKycForm, async (request, reply) => {
    // pdfkit is slow to load: the server loads it on the first form, not at start.
    const { renderKycForm } = await import('./kyc-form-pdf.ts');
    const file = await renderKycForm(request.params.country);
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="loupe-kyc-form-${request.params.country}.pdf"`);
    return file;
  });

  registerRoute(app, kycApi.submitKyc, async (request) => submitKyc(db, clock, me(request), request.body));

  registerRoute(app, kycApi.restartKyc, async (request) => restartKyc(db, clock, me(request)));

  registerRoute(app, kycApi.kycEntityTypes, async () => ({ entity_types: [...KYC_ENTITY_TYPES] }));

  registerRoute(app, kycApi.sendKycEmailOtp, async (request) =>
    sendKycEmailCode(db, clock, messenger, me(request)),
  );

  registerRoute(app, kycApi.verifyKycEmailOtp, async (request) =>
    verifyKycEmailCode(db, clock, me(request), request.body),
  );

  registerRoute(app, kycApi.resendOrEditKycEmailOtp, async (request) =>
    resendOrEditKycEmail(db, clock, messenger, me(request), request.body),
  );

  registerRoute(app, kycApi.requestKycCallback, async (request) =>
    requestKycCallback(db, messenger, deps.salesDeskEmail, me(request)),
  );

  registerRoute(app, kycApi.decideKyc, async (request) =>
    decideKyc(db, clock, messenger, request.params.email, request.body.status, request.body.reason),
  );

  registerRoute(app, kycApi.showKyc, async (request) => showKyc(db, request.params.email));
}
