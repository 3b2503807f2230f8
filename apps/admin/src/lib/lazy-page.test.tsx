import { render, screen } from '@testing-library/react';
import { type ReactElement, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './resource';

describe('lazyPage', () => {
  it('renders at once, without its fallback, when its code arrived before the render', async () => {
    const Page = lazyPage(
      async () => ({ Screen: () => <p>the screen</p> }),
      (module) => module.Screen,
    );
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    // no await: the first render already drew the page
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByText('the screen')).toBeTruthy();
  });

  it('shows its fallback while the code is on its way, then the page', async () => {
    let arrive: () => void = () => undefined;
    const Page = lazyPage(
      () =>
        new Promise<{ Screen: () => ReactElement }>((resolve) => {
          arrive = () => resolve({ Screen: () => <p>the screen</p> });
        }),
      (module) => module.Screen,
    );
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    arrive();
    expect(await screen.findByText('the screen')).toBeTruthy();
  });
});
