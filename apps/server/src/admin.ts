// Operator commands. `npm run admin -- verification list`
//                    `npm run admin -- tcs 2026-11` (GSTR-8 table), `npm run admin -- tds 2026-11` (Form 26Q rows)
//                    `npm run admin -- verification approve <id> --level basic|silver|gold|diamond`
//                    `npm run admin -- verification reject <id>`
//                    `npm run admin -- grant-operator <phone> [--reason "…"]` (issue 28: the operator console)
import { parseArgs } from 'node:util';
import { IndianMobile, VerificationLevel } from '@live-market/contract';
import { loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { form26qCsv, gstr8Csv } from './modules/ledger/index.js';
import { listSubmissions, reviewSubmission } from './modules/sellers/index.js';
import { grantOperator } from './modules/auth/index.js';
import { writeAudit } from './modules/admin/index.js';

const USAGE = `usage:
  npm run admin -- verification list [--all]
  npm run admin -- verification approve <submission-id> --level basic|silver|gold|diamond
  npm run admin -- verification reject <submission-id>
  npm run admin -- grant-operator <phone> [--reason "why"]   an operator of the console at /admin
  npm run admin -- tcs <yyyy-mm>     GSTR-8: TCS per supplier GSTIN, as CSV
  npm run admin -- tds <yyyy-mm>     Form 26Q: TDS under section 194-O, as CSV`;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { level: { type: 'string' }, all: { type: 'boolean' }, reason: { type: 'string' } } });
const [area, action, id] = positionals;
const taxReport = (area === 'tcs' || area === 'tds') && /^\d{4}-(0[1-9]|1[0-2])$/.test(action ?? '');
const grant = area === 'grant-operator';
if ((area !== 'verification' && !taxReport && !grant) || !action) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  if (grant) {
    // The phone as sign-in stores it; the grant holds before its person ever signs in.
    const phone = IndianMobile.safeParse(action);
    if (!phone.success) throw new Error(phone.error.issues[0]!.message);
    const normalised = `+91${phone.data}`;
    const reason = values.reason?.trim() || 'Granted with npm run admin';
    const granted = await database.db.transaction(async (tx) => {
      if (!(await grantOperator(tx, normalised))) return false;
      await writeAudit(tx, { operatorId: null, action: 'operator_granted', targetType: 'phone', targetId: normalised, reason });
      return true;
    });
    console.log(granted ? `${normalised} is now an operator: /admin opens for them once they sign in.` : `${normalised} is an operator already.`);
  } else if (taxReport) {
    process.stdout.write(await (area === 'tcs' ? gstr8Csv : form26qCsv)(database.db, action));
  } else if (action === 'list') {
    const rows = await listSubmissions(database.db, values.all ? ['pending', 'approved', 'rejected'] : ['pending']);
    if (!rows.length) console.log('No submissions waiting for review.');
    for (const { submission: s, storeName } of rows) {
      console.log(
        [s.id, s.status.padEnd(8), s.createdAt.toISOString().slice(0, 16), storeName, `PAN ${s.panNumber}`, s.gstNumber ? `GSTIN ${s.gstNumber}` : 'no GSTIN', s.businessPhone].join('  '),
      );
    }
  } else if ((action === 'approve' || action === 'reject') && id) {
    if (action === 'approve') {
      const level = VerificationLevel.exclude(['none']).safeParse(values.level);
      if (!level.success) throw new Error('approve needs --level basic|silver|gold|diamond');
      const { store } = await reviewSubmission(database.db, id, { approve: true, level: level.data });
      console.log(`Approved: ${store.storeName} is now verified (${level.data}). The seller was notified.`);
    } else {
      const { store } = await reviewSubmission(database.db, id, { approve: false });
      console.log(`Rejected: ${store.storeName} was notified.`);
    }
  } else {
    console.error(USAGE);
    process.exitCode = 2;
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
