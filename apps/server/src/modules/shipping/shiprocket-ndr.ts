import type { Carrier } from './carrier.js';
import { NdrActionAnswer, ShiprocketError, shiprocketPhone, type ShiprocketCall } from './shiprocket-api.js';

// After a failed delivery Shiprocket raises an NDR (non-delivery report) on the AWB; the seller answers it
// with an NDR action (docs: "Action NDR" in the NDR folder of the Postman collection behind
// https://apidocs.shiprocket.in): POST /v1/external/ndr/{awb}/action, "to take actions like Reattempt and
// RTO on the shipments that are in NDR". Its parameter table:
//   action         required  'fake-attempt' or 're-attempt' or 'return'
//   comments       required  "Any comment can be mentioned"
//   phone          optional  "will be updated at the time of re-attempt and fake-attempt" (e.g. 9999988888)
//   address1       optional  "will be updated at the time of re-attempt and fake-attempt"
//   address2       optional  the same
//   deferred_date  optional  a preferred date (yyyy-mm-dd); not sent: the interface carries no date
//   proof_audio, proof_image, remarks: for a fake-attempt only.
// The docs give no field for the recipient's name, city, state or pincode, so a corrected address can
// change only its two lines and the phone; the rest of it is not sent (nor is a new pincode: the courier
// still goes to the one booked). The endpoint takes the AWB, not the shipment id.

const COMMENT = 'Buyer asked for another delivery attempt';

export function ndrReattempt(call: ShiprocketCall): Carrier['reattempt'] {
  return async ({ awb, address }) => {
    if (!awb.trim()) throw new Error('A Shiprocket NDR action needs the AWB');
    const path = `/v1/external/ndr/${encodeURIComponent(awb)}/action`;
    const body = address
      ? // address2 is sent even when empty, so the old second line does not stay on a new first line.
        { action: 're-attempt', comments: `${COMMENT} at a corrected address`, address1: address.line1, address2: address.line2, phone: shiprocketPhone(address.phone) }
      : { action: 're-attempt', comments: COMMENT };
    const answer = await call('POST', path, NdrActionAnswer, { body });
    const code = answer?.status_code ?? (typeof answer?.status === 'number' ? answer.status : null);
    if (code != null && code >= 400) {
      throw new ShiprocketError(`Shiprocket refused the re-attempt of AWB ${awb} (status ${code}): ${answer?.message || 'no reason given'}`, 200);
    }
  };
}
