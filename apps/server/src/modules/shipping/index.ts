export { createParcelEvents, SIM_STEP_JOB, trackingOf, type ParcelEvents } from './events.js';
export { createShipper, newReference, shipmentOfOrder, type Shipper, type ShipmentRow } from './shipments.js';
export { shippingRoutes } from './routes.js';
export { simulatedAwb, simulatedCarrier } from './simulated.js';
export { readPickup } from './pickup.js';
export type { Carrier, CarrierEvent, ParcelAddress } from './carrier.js';
export { shipments, shipmentOrders, shipmentEvents, pickupAddresses } from './tables.js';
