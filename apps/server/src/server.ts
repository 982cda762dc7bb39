import { ConfigError, loadConfig } from './config/env.js';

// Traces (decision 050) patch pg and ioredis as they are imported, so they start before anything
// imports them: the app is imported afterwards, and the telemetry only when traces are on.
const started = performance.now();
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const tracing = config.traces ? (await import('./telemetry/tracing.js')).startTracing(config.traces) : null;
const { main } = await import('./main.js');
await main(config, started, tracing);
