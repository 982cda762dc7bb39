import { lazy, type ComponentType } from 'react';

const loaders: Array<() => Promise<unknown>> = [];

/**
 * React.lazy for code-split pages, which the server can load ahead (decision 020): once
 * `preloadLazyComponents()` has run there, a page renders at once instead of suspending, so the HTML
 * comes in order and shows without script. In the browser it is React.lazy, and once loaded it
 * renders directly too.
 */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const remember = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => remember().then((component) => ({ default: component })));
  loaders.push(remember);
  function LazyComponent(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  // The browser loads a server-rendered page's parts before hydrating it, so hydration never waits on one.
  LazyComponent.preload = () => (loaded ? Promise.resolve(loaded) : remember());
  return LazyComponent;
}

/** Server only: loads every code-split page, so that rendering never waits for one. */
export function preloadLazyComponents(): Promise<unknown> {
  return Promise.all(loaders.map((load) => load()));
}
