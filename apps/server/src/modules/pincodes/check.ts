import { HttpError } from '../../plugins/errors.js';
import { findPincode } from './directory.js';

/** An address's pincode must exist and lie in the state it names; the error says which state it is in. */
export function checkPincode(pincode: string, state: string): void {
  const info = findPincode(pincode);
  if (!info) throw new HttpError(400, 'This PIN code is not in the India Post directory');
  if (!info.states.some((s) => s === state)) {
    throw new HttpError(400, 'PIN code {{pincode}} is in {{state}}: choose that state or check the PIN code', { pincode, state: info.states[0]! });
  }
}
