import { type ComponentType, lazy, useState } from 'react';

/**
 * A component in its own chunk: `React.lazy`, except that it is drawn at once when its code has
 * already loaded (asked for early: main.tsx, the index page's start script). `React.lazy` suspends
 * on its first render however far its code has come, and React reveals a Suspense boundary's
 * content no sooner than 300 ms after its fallback appeared: the signed-in shell and the dashboard
 * came 300 ms after their code had run (issue 18, decision 041).
 */
export function lazyComponent(importComponent: () => Promise<ComponentType>) {
  let loading: Promise<ComponentType> | undefined;
  let loaded: ComponentType | undefined;
  const load = () =>
    (loading ??= importComponent().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, as React.lazy makes its own
  function LazyComponent() {
    // Chosen once per mount: what mounted while the code was on its way is not mounted again.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Component: LazyComponent, load };
}
