// The two demo accounts. Sign in with these phone numbers to see a seller's and a shopper's view.
export const DEMO_SELLER_PHONE = '+919876543210';
export const DEMO_SHOPPER_PHONE = '+919123456789';
export const DEMO_SHOPPER_EMAIL = 'rahul.verma@example.in';
