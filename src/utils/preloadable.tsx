import {use, type ComponentType, type ReactNode} from 'react';

/** A component whose code is loaded on demand, with a way to load it ahead of rendering. */
export interface Preloadable<P> {
  (props: P): ReactNode;
  /** Loads the code; once it has, the component renders without suspending. */
  preload(): Promise<unknown>;
}

/**
 * Like `React.lazy`, plus `preload()`. A lazy component suspends the first
 * time it renders even when its code is already there; this one renders at
 * once after `preload()`, so content can be swapped in a single commit
 * (src/components/StaticUntilInteraction) instead of through a fallback.
 */
export function preloadable<P extends object>(load: () => Promise<{default: ComponentType<P>}>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module.default;
    }));
  function PreloadableComponent(props: P): ReactNode {
    const Loaded = loaded ?? use(preload());
    return <Loaded {...props} />;
  }
  PreloadableComponent.preload = preload;
  return PreloadableComponent;
}
