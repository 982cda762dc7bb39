import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, OrderIdParam } from '@live-market/contract';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUserId, requireUser, type Auth } from '../auth/index.js';
import { renderInvoicePdf } from './pdf.js';
import type { InvoicesService } from './service.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

// Issue 26: the order's GST tax invoice and credit notes as PDF, for its buyer and its seller only.
export async function invoicesRoutes(base: FastifyInstance, opts: { auth: Auth; db: Db; invoices: InvoicesService }) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(opts.auth);
  const routes = [
    ['invoice', 'invoice', 'No invoice for this order yet'],
    ['credit-note', 'credit_note', 'No credit note for this order'],
  ] as const;
  for (const [path, kind, missing] of routes) {
    app.get(`/api/orders/:orderId/${path}`, { onRequest: signedIn, schema: { params: OrderIdParam, response: { 200: z.any(), ...errors } } }, async (request, reply) => {
      const docs = await opts.invoices.documentFor(currentUserId(request), request.params.orderId, kind);
      if (!docs) throw new HttpError(404, missing);
      // Several credit notes (items refunded one by one): the newest; each was told to the buyer when issued.
      const doc = docs.at(-1)!;
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${doc.number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf"`)
        .type('application/pdf')
        .send(await renderInvoicePdf(doc));
    });
  }
}
