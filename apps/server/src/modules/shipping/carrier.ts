import type { ParcelStatus } from '@live-market/contract';

// The courier behind one interface (issue 27): `simulated` (the default) or Shiprocket, an aggregator small
// Indian sellers use to reach many couriers at one rate card.

/** A place a parcel leaves from or goes to. Names and lines are as the person wrote them (any script). */
export interface ParcelAddress {
  name: string;
  phone: string;
  pincode: string;
  state: string;
  city: string;
  line1: string;
  line2: string;
}

export interface QuoteRequest {
  pickupPincode: string;
  deliveryPincode: string;
  weightGrams: number;
  /** Asked for cash on delivery: the carrier says whether it collects cash at this pincode. */
  cod: boolean;
  declaredValuePaise: number;
}

export interface Quote {
  deliverable: boolean;
  codAvailable: boolean;
  etaDays: number;
  feePaise: number;
}

export interface ParcelItem {
  name: string;
  sku: string;
  units: number;
  unitPricePaise: number;
}

export interface ShipmentRequest {
  /**
   * Our own reference for this parcel, unique for good. Shiprocket has no idempotency key: a retry after a
   * lost answer first looks the reference up, so the same parcel is never booked twice.
   */
  reference: string;
  kind: 'forward' | 'return';
  /** Forward: the seller's pickup address → the buyer. Return: the buyer → the seller's pickup address. */
  from: ParcelAddress;
  to: ParcelAddress;
  items: ParcelItem[];
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
  /** Cash the courier collects at the door; 0 when prepaid. */
  codPaise: number;
  orderDate: Date;
}

export interface BookedShipment {
  awb: string;
  courierName: string;
  providerOrderId: string;
  providerShipmentId: string;
  trackingUrl: string;
  etaDays: number;
}

/** Where a parcel is, in our words (the contract's PARCEL_STATUSES); every carrier's codes are mapped onto these. */
export { PARCEL_STATUSES, type ParcelStatus } from '@live-market/contract';

/** One tracking event from a carrier's webhook. */
export interface CarrierEvent {
  awb: string;
  status: ParcelStatus;
  location: string;
  at: Date;
}

export interface Carrier {
  readonly name: 'simulated' | 'shiprocket';
  quote(req: QuoteRequest): Promise<Quote>;
  /** Books the parcel, assigns its AWB and asks for a pickup. Safe to call again with the same reference. */
  book(req: ShipmentRequest): Promise<BookedShipment>;
  /**
   * Reads a webhook: null when its secret is wrong (the route answers 401), else the events it carries
   * (none when it is about something we do not track). The secret is compared in constant time.
   */
  parseWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): CarrierEvent[] | null;
  /**
   * After a failed delivery the buyer asks for another attempt (Shiprocket: an NDR action), optionally at
   * a corrected address or phone. Throws when the carrier refuses.
   */
  reattempt(req: { awb: string; providerShipmentId: string; address?: ParcelAddress }): Promise<void>;
}
