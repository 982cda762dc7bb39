// The demo accounts. Sign in with these phone numbers to see a seller's, a shopper's and an operator's view.
export const DEMO_SELLER_PHONE = '+919876543210';
export const DEMO_SHOPPER_PHONE = '+919123456789';
export const DEMO_SHOPPER_EMAIL = 'rahul.verma@example.in';
/** An operator of the console at /admin (issue 28): granted by the demo data, like `npm run admin -- grant-operator`. */
export const DEMO_OPERATOR_PHONE = '+919000090000';
