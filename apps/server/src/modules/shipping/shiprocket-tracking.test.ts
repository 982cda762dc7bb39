import { describe, expect, it } from 'vitest';
import { WEBHOOK_TOKEN, LOGIN, ndrPath, parcel, quoteReq, useShiprocket } from './shiprocket-testing.js';
import type { ParcelAddress } from './carrier.js';
import { shiprocketCarrier } from './shiprocket.js';
import { ShiprocketError } from './shiprocket-api.js';

// The Shiprocket client reads tracking webhooks and asks for re-attempts, against a local fake of its API.
const sr = useShiprocket();
const calls = (path: string) => sr.fake.calls(path);

describe('parseWebhook', () => {
  // From the sample body in Shiprocket's docs (its scans shortened), with one scan sent twice.
  const sample = {
    awb: '19041424751540',
    courier_name: 'Delhivery Surface',
    current_status: 'IN TRANSIT',
    current_status_id: 20,
    shipment_status: 'IN TRANSIT',
    shipment_status_id: 18,
    current_timestamp: '23 05 2023 11:43:52',
    order_id: '1373900_150876814',
    sr_order_id: 348456385,
    awb_assigned_date: '2023-05-19 11:59:16',
    pickup_scheduled_date: '2023-05-19 11:59:17',
    etd: '2023-05-23 15:40:19',
    scans: [
      { date: '2023-05-19 11:59:16', status: 'X-UCI', activity: 'Manifested - Manifest uploaded', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': '5', 'sr-status-label': 'MANIFEST GENERATED' },
      { date: '2023-05-19 15:32:17', status: 'X-PPOM', activity: 'In Transit - Shipment picked up', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': '42', 'sr-status-label': 'PICKED UP' },
      { date: '2023-05-19 16:40:19', status: 'X-PIOM', activity: 'In Transit - Shipment Recieved at Origin Center', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': '6', 'sr-status-label': 'SHIPPED' },
      { date: '2023-05-19 17:19:14', status: 'X-DBL1F', activity: 'In Transit - Added to Bag', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': 'NA', 'sr-status-label': 'NA' },
      { date: '2023-05-20 10:27:56', status: 'X-DLL2F', activity: 'In Transit - Bag Added To Trip', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': '18', 'sr-status-label': 'IN TRANSIT' },
      { date: '2023-05-20 10:27:56', status: 'X-DLL2F', activity: 'In Transit - Bag Added To Trip', location: 'Chomu_SamodRd_D (Rajasthan)', 'sr-status': '18', 'sr-status-label': 'IN TRANSIT' },
      { location: 'Mumbai_MiraRdIndEstate_I (Maharashtra)', date: '2023-05-23 11:43:46', activity: 'In Transit - Shipment Received at Facility', status: 'X-IBD3F', 'sr-status': '18', 'sr-status-label': 'IN TRANSIT' },
    ],
    is_return: 0,
    channel_id: 3422553,
    pod_status: 'OTP Based Delivery',
    pod: 'Not Available',
  };
  const right = { 'x-api-key': WEBHOOK_TOKEN, 'content-type': 'application/json' };
  const at = (iso: string) => new Date(iso);

  it('answers null when the x-api-key is missing, wrong, of another length, or sent twice', () => {
    expect(sr.carrier.parseWebhook({}, sample)).toBeNull();
    expect(sr.carrier.parseWebhook({ 'x-api-key': undefined }, sample)).toBeNull();
    expect(sr.carrier.parseWebhook({ 'x-api-key': WEBHOOK_TOKEN.replace(/.$/, 'X') }, sample)).toBeNull();
    expect(sr.carrier.parseWebhook({ 'x-api-key': `${WEBHOOK_TOKEN}x` }, sample)).toBeNull();
    expect(sr.carrier.parseWebhook({ 'x-api-key': '' }, sample)).toBeNull();
    expect(sr.carrier.parseWebhook({ 'x-api-key': [WEBHOOK_TOKEN, WEBHOOK_TOKEN] }, sample)).toBeNull();
    expect(sr.carrier.parseWebhook({ authorization: WEBHOOK_TOKEN }, sample)).toBeNull();
    // No token configured: nothing passes, not even an empty header.
    expect(shiprocketCarrier({ ...sr.options, webhookToken: '' }, fetch).parseWebhook({ 'x-api-key': '' }, sample)).toBeNull();
  });

  it('reads the current status and the scans as events in UTC, once each, whatever the header case', () => {
    const events = sr.carrier.parseWebhook({ 'X-Api-Key': WEBHOOK_TOKEN }, sample);
    const chomu = 'Chomu_SamodRd_D (Rajasthan)';
    const mumbai = 'Mumbai_MiraRdIndEstate_I (Maharashtra)';
    expect(events).toEqual([
      { awb: '19041424751540', status: 'picked_up', location: chomu, at: at('2023-05-19T10:02:17Z') },
      { awb: '19041424751540', status: 'picked_up', location: chomu, at: at('2023-05-19T11:10:19Z') },
      { awb: '19041424751540', status: 'in_transit', location: chomu, at: at('2023-05-20T04:57:56Z') },
      { awb: '19041424751540', status: 'in_transit', location: mumbai, at: at('2023-05-23T06:13:46Z') },
      // current_timestamp, day first, India time; current_status_id 20 (PICKUP EXCEPTION in the table) is not read.
      { awb: '19041424751540', status: 'in_transit', location: mumbai, at: at('2023-05-23T06:13:52Z') },
    ]);
  });

  it.each([
    [3, 'pickup_scheduled'],
    [19, 'pickup_scheduled'],
    [42, 'picked_up'],
    [6, 'picked_up'],
    [38, 'in_transit'],
    [17, 'out_for_delivery'],
    [21, 'delivery_failed'],
    [7, 'delivered'],
    [9, 'rto_initiated'],
    [10, 'returned_to_origin'],
  ])('maps shipment status %i to %s, at the right UTC time across midnight', (code, status) => {
    const body = { awb: 77_100_200_300, shipment_status_id: code, current_timestamp: '01 01 2024 03:00:00', scans: [] };
    expect(sr.carrier.parseWebhook(right, body)).toEqual([{ awb: '77100200300', status, location: '', at: at('2023-12-31T21:30:00Z') }]);
  });

  it('reads the status by its label when there is no shipment_status_id, and a year-first timestamp', () => {
    const body = { awb: 'SR123', current_status: 'Out For Delivery', current_timestamp: '2024-07-01 18:05:09', scans: [{ date: '2024-07-01 08:00:00', location: 'Powai Hub', 'sr-status': 'NA' }] };
    expect(sr.carrier.parseWebhook(right, body)).toEqual([{ awb: 'SR123', status: 'out_for_delivery', location: 'Powai Hub', at: at('2024-07-01T12:35:09Z') }]);
  });

  it('gives no events for statuses we do not track (cancelled, lost, unknown)', () => {
    for (const code of [8, 12, 20, 99]) {
      expect(sr.carrier.parseWebhook(right, { awb: 'SR9', shipment_status_id: code, current_timestamp: '01 01 2024 03:00:00' })).toEqual([]);
    }
  });

  it('gives no events (not null: the token was right) for a body that is not a tracking update', () => {
    for (const body of [null, 'awb=1', [], {}, { awb: '' }, { awb: 'SR1', shipment_status_id: 7 }, { awb: 'SR1', shipment_status_id: 7, current_timestamp: '31 02 2024 10:00:00' }, { ...sample, scans: 'none' }]) {
      expect(sr.carrier.parseWebhook(right, body)).toEqual([]);
    }
  });
});

describe('reattempt', () => {
  /** A booked parcel the courier could not deliver (Shiprocket status 21, so it is in NDR). */
  async function undelivered() {
    const booked = await sr.carrier.book(parcel());
    sr.fake.markUndelivered(booked.awb);
    return booked;
  }
  const moved: ParcelAddress = { name: 'Anita Sharma', phone: '+91 91234 56789', pincode: '400076', state: 'Maharashtra', city: 'Mumbai', line1: '12 Lake View Road, Powai', line2: 'Opp. Powai Lake' };

  it('asks Shiprocket for a re-attempt on the AWB, with the bearer token and a comment', async () => {
    const { awb, providerShipmentId } = await undelivered();
    // Its own client, so the token it sends is the one its login got.
    const own = shiprocketCarrier(sr.options, fetch);
    const logins = calls(LOGIN).length;
    await own.reattempt({ awb, providerShipmentId });
    expect(calls(LOGIN).length - logins).toBe(1);
    const [sent, ...more] = sr.fake.calls(ndrPath(awb));
    expect(more).toEqual([]);
    expect(sent!.method).toBe('POST');
    expect(sent!.body).toEqual({ action: 're-attempt', comments: 'Buyer asked for another delivery attempt' });
    expect(sent!.headers.authorization).toBe(`Bearer ${sr.fake.issuedTokens.at(-1)}`);
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sr.fake.ndrActions.filter((a) => a.awb === awb)).toHaveLength(1);
  });

  it('sends a corrected address as address1 and address2, and the phone as 10 digits', async () => {
    const { awb, providerShipmentId } = await undelivered();
    await sr.carrier.reattempt({ awb, providerShipmentId, address: moved });
    expect(sr.fake.calls(ndrPath(awb)).at(-1)!.body).toEqual({
      action: 're-attempt',
      comments: 'Buyer asked for another delivery attempt at a corrected address',
      address1: '12 Lake View Road, Powai',
      address2: 'Opp. Powai Lake',
      phone: '9123456789',
    });
    // No second line: address2 goes empty, so the old one is not kept with the new first line.
    await sr.carrier.reattempt({ awb, providerShipmentId, address: { ...moved, line2: '', phone: '09876543210' } });
    expect(sr.fake.calls(ndrPath(awb)).at(-1)!.body).toMatchObject({ address1: '12 Lake View Road, Powai', address2: '', phone: '9876543210' });
    expect(sr.fake.ndrActions.filter((a) => a.awb === awb)).toHaveLength(2);
  });

  it("throws Shiprocket's message when it refuses, as for a parcel that is not in NDR", async () => {
    const { awb, providerShipmentId } = await sr.carrier.book(parcel());
    const refused = sr.carrier.reattempt({ awb, providerShipmentId });
    await expect(refused).rejects.toThrow(`Shiprocket refused POST /v1/external/ndr/${awb}/action (HTTP 422): AWB ${awb} is not in NDR. Action can be taken only on NDR shipments.`);
    await expect(refused).rejects.toBeInstanceOf(ShiprocketError);
    await expect(refused).rejects.toMatchObject({ status: 422 });
    expect(sr.fake.ndrActions.some((a) => a.awb === awb)).toBe(false);

    await expect(sr.carrier.reattempt({ awb: 'SR-NO-SUCH-AWB', providerShipmentId })).rejects.toThrow(/HTTP 404\): AWB SR-NO-SUCH-AWB not found/);
    // A refusal inside an HTTP 200 (status_code ≥ 400) is a refusal too.
    sr.fake.markUndelivered(awb);
    sr.fake.failNext(ndrPath(awb), 200, { body: { message: 'Re-attempt not allowed after 3 attempts', status_code: 400 } });
    await expect(sr.carrier.reattempt({ awb, providerShipmentId })).rejects.toThrow(`Shiprocket refused the re-attempt of AWB ${awb} (status 400): Re-attempt not allowed after 3 attempts`);
    await expect(sr.carrier.reattempt({ awb: ' ', providerShipmentId })).rejects.toThrow(/needs the AWB/);
  });

  it('logs in again once after a 401 and repeats the action, which takes effect once', async () => {
    const own = shiprocketCarrier(sr.options, fetch);
    const { awb, providerShipmentId } = await undelivered();
    await own.quote(quoteReq);
    const before = calls(LOGIN).length;
    sr.fake.expireTokens();
    await own.reattempt({ awb, providerShipmentId, address: moved });
    expect(calls(LOGIN).length - before).toBe(1);
    const [lapsed, repeated, ...more] = sr.fake.calls(ndrPath(awb));
    expect(more).toEqual([]);
    expect(repeated!.headers.authorization).toBe(`Bearer ${sr.fake.issuedTokens.at(-1)}`);
    expect(lapsed!.headers.authorization).not.toBe(repeated!.headers.authorization);
    expect(repeated!.body).toEqual(lapsed!.body);
    expect(sr.fake.ndrActions.filter((a) => a.awb === awb)).toEqual([{ awb, body: lapsed!.body }]);
  });
});
