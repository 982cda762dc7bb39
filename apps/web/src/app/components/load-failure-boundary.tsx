import { Component, type ReactNode } from 'react';
import { OfflineScreen } from './offline-screen';

/** How browsers word a code-split chunk that could not be fetched (Chromium, Firefox, Safari, Vite's preload). */
const CHUNK_FAILED = /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILED.test(error.message);
}

/**
 * Issue 25: a page or sheet whose code has not been fetched yet cannot open offline (before the service
 * worker holds every chunk, or without one). Instead of a blank app, the offline screen says so; its
 * Retry reloads, which is also what a chunk that a new build replaced needs. Other errors go on up.
 */
export class LoadFailureBoundary extends Component<{ children: ReactNode }, { failed: unknown }> {
  override state = { failed: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: error };
  }

  override render() {
    const { failed } = this.state;
    if (failed === null) return this.props.children;
    if (isChunkLoadError(failed)) return <OfflineScreen />;
    throw failed;
  }
}
