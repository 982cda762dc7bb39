// Worker threads do not inherit the main thread's TypeScript loader: neither `node --import tsx`
// (checked on Node 20.20) nor Vitest's transform reaches them, so register tsx here, then load the
// worker. tsx is a dependency of this package.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
