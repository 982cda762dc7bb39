// Operator commands. `npm run admin -- verification list`
//                    `npm run admin -- tcs 2026-11` (GSTR-8 table), `npm run admin -- tds 2026-11` (Form 26Q rows)
//                    `npm run admin -- verification approve <id> --level basic|silver|gold|diamond`
//                    `npm run admin -- verification reject <id>`
import { parseArgs } from 'node:util';
import { VerificationLevel } from '@live-market/contract';
import { loadConfig } from './config/env.js';
import { openDatabase } from './db/client.js';
import { form26qCsv, gstr8Csv } from './modules/ledger/index.js';
import { listSubmissions, reviewSubmission } from './modules/sellers/index.js';

const USAGE = `usage:
  npm run admin -- verification list [--all]
  npm run admin -- verification approve <submission-id> --level basic|silver|gold|diamond
  npm run admin -- verification reject <submission-id>
  npm run admin -- tcs <yyyy-mm>     GSTR-8: TCS per supplier GSTIN, as CSV
  npm run admin -- tds <yyyy-mm>     Form 26Q: TDS under section 194-O, as CSV`;

const { positionals, values } = parseArgs({ allowPositionals: true, options: { level: { type: 'string' }, all: { type: 'boolean' } } });
const [area, action, id] = positionals;
const taxReport = (area === 'tcs' || area === 'tds') && /^\d{4}-(0[1-9]|1[0-2])$/.test(action ?? '');
if ((area !== 'verification' && !taxReport) || !action) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  if (taxReport) {
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
