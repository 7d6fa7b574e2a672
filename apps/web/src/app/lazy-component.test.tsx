import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Stones {count}
    </button>
  );
}

const drawn = (ui: React.ReactNode) =>
  render(<Suspense fallback={<p role="status">Loading</p>}>{ui}</Suspense>);

describe('a component in its own chunk', () => {
  it('is drawn at once, with no spinner, when its code has already loaded', async () => {
    const { Component, load } = lazyComponent(async () => Counter);
    await load();
    drawn(<Component />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Stones 0' })).toBeDefined();
  });

  it('shows the spinner while its code is on its way, then the component, which keeps its state', async () => {
    let arrive: (component: typeof Counter) => void = () => undefined;
    const { Component } = lazyComponent(() => new Promise((resolve) => (arrive = resolve)));
    const { rerender } = drawn(<Component />);
    expect(screen.getByRole('status')).toBeDefined();
    await act(async () => arrive(Counter));
    await act(async () => screen.getByRole('button', { name: 'Stones 0' }).click());
    rerender(
      <Suspense fallback={<p role="status">Loading</p>}>
        <Component />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Stones 1' })).toBeDefined();
  });
});
