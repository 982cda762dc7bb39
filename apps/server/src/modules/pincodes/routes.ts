import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody, PincodeInfo, PincodeParam } from '@live-market/contract';
import { HttpError } from '../../plugins/errors.js';
import { findPincode } from './directory.js';

// Public: the address form asks as the pincode is typed, before anyone signs in to check out.
export async function pincodesRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/api/pincodes/:pincode', { schema: { params: PincodeParam, response: { 200: PincodeInfo, 400: ErrorBody, 404: ErrorBody } } }, async (request, reply) => {
    const info = findPincode(request.params.pincode);
    if (!info) throw new HttpError(404, 'This PIN code is not in the India Post directory');
    // The directory does not change between releases: a day's cache spares the phone a round trip per retype.
    reply.header('cache-control', 'public, max-age=86400');
    return { pincode: info.pincode, district: info.district, state: info.states[0]! };
  });
}
