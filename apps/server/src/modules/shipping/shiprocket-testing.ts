import { afterAll, beforeAll } from 'vitest';
import type { Carrier, ParcelAddress, ShipmentRequest } from './carrier.js';
import { shiprocketCarrier, type ShiprocketOptions } from './shiprocket.js';
import { startShiprocketFake, type ShiprocketFake } from '../../testing/shiprocket-fake.js';

// What the Shiprocket client's tests share: the real client over HTTP, with Node's own fetch, against a
// local fake of Shiprocket, and a parcel from a Delhi store to a Mumbai shopper.
export const WEBHOOK_TOKEN = 'whk_7fQm2LxR9pVtB4sN';
export const LOGIN = '/v1/external/auth/login';
export const SERVICEABILITY = '/v1/external/courier/serviceability/';
export const ADHOC = '/v1/external/orders/create/adhoc';
export const RETURN = '/v1/external/orders/create/return';
export const ASSIGN = '/v1/external/courier/assign/awb';
export const PICKUP = '/v1/external/courier/generate/pickup';
export const ndrPath = (awb: string) => `/v1/external/ndr/${awb}/action`;

export async function startShiprocket(): Promise<{ fake: ShiprocketFake; options: ShiprocketOptions; carrier: Carrier }> {
  const fake = await startShiprocketFake({ email: 'api@meena-textiles.example', password: 'sr-pass-1', pickupLocations: ['Primary'] });
  const options = { ...fake.credentials, webhookToken: WEBHOOK_TOKEN, pickupLocation: 'Primary' };
  return { fake, options, carrier: shiprocketCarrier(options, fetch) };
}

/** The fake and a client of it for the test file: started before its tests, closed after. */
export function useShiprocket() {
  const sr = {} as Awaited<ReturnType<typeof startShiprocket>>;
  beforeAll(async () => {
    Object.assign(sr, await startShiprocket());
  });
  afterAll(() => sr.fake.close());
  return sr;
}

export const seller: ParcelAddress = { name: 'Meena Textiles', phone: '+91 98110 22334', pincode: '110020', state: 'Delhi', city: 'New Delhi', line1: 'B-14 Okhla Phase 1', line2: '' };
export const buyer: ParcelAddress = { name: 'अनिता देवी शर्मा', phone: '09876543210', pincode: '400076', state: 'Maharashtra', city: 'Mumbai', line1: 'Flat 3, Hiranandani Gardens', line2: 'Near IIT gate' };

export const quoteReq = { pickupPincode: '110020', deliveryPincode: '400076', weightGrams: 1250, cod: false, declaredValuePaise: 2_499_00 };

let n = 0;
/** A forward parcel of two sarees with a reference of its own. */
export function parcel(over: Partial<ShipmentRequest> = {}): ShipmentRequest {
  n += 1;
  return {
    reference: `lm-${n}-${Date.now().toString(36)}`,
    kind: 'forward',
    from: seller,
    to: buyer,
    items: [{ name: 'Handloom saree', sku: 'SAR-01', units: 2, unitPricePaise: 1_249_50 }],
    weightGrams: 1250,
    lengthCm: 30,
    breadthCm: 25,
    heightCm: 5,
    codPaise: 0,
    // 20:45 UTC is 02:15 the next day in India.
    orderDate: new Date('2024-03-09T20:45:00Z'),
    ...over,
  };
}
