export { adminRoutes, type AdminRoutesOptions } from './routes.js';
export { createQueues, refundablePaise, type Queues } from './queues.js';
export { createActions, type Actions } from './actions.js';
export { createPeople, type People } from './people.js';
export { createOperatorRefunds, needsSecondOperator, type OperatorRefunds } from './refunds.js';
export { writeAudit, audited, auditPage, CLI_OPERATOR, type AuditLine } from './audit.js';
export { operatorAudit, refundApprovals, suspendedProducts } from './tables.js';
