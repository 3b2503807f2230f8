import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { withErrorPages } from './route-error';
import { routes } from './router';

const BrokenScreen = () => {
  throw new TypeError('n.data?.find is not a function');
};

/** A layout with a sidebar link, a screen that throws while rendering, and a home screen. */
const appRoutes = (): RouteObject[] =>
  withErrorPages([
    {
      element: (
        <div>
          <nav>
            <Link to="/">Sidebar: home</Link>
          </nav>
          <Outlet />
        </div>
      ),
      children: [
        { path: '/', element: <p>Home screen</p> },
        { path: '/broken', element: <BrokenScreen /> },
      ],
    },
  ]);

const everyRoute = (tree: RouteObject[]): RouteObject[] =>
  tree.flatMap((route) => [route, ...everyRoute(route.children ?? [])]);

describe('the error page of a route', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await act(() => i18n.changeLanguage('en'));
  });

  it.each([
    ['vi', 'Đã có lỗi xảy ra', 'Về trang chủ'],
    ['en', 'Something went wrong', 'Back to home'],
    ['ja', '問題が発生しました', 'ホームに戻る'],
  ])(
    'a screen throwing while it renders shows the friendly page in %s, logs the error, and leads back home',
    async (language, title, backHome) => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await act(() => i18n.changeLanguage(language));
      await act(() => i18n.loadNamespaces('common'));
      const router = createMemoryRouter(appRoutes(), { initialEntries: ['/broken'] });
      render(<RouterProvider router={router} />);

      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.getByTestId('route-error')).toBeTruthy();
      // never the router's developer page, nor the error's text to the reader
      expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
      expect(screen.queryByText(/is not a function/)).toBeNull();
      // the layout around the screen stays: the sidebar still works
      expect(screen.getByText('Sidebar: home')).toBeTruthy();
      expect(
        logged.mock.calls.some((call) =>
          call.some(
            (part) => part instanceof TypeError && /find is not a function/.test(part.message),
          ),
        ),
      ).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: backHome }));
      await screen.findByText('Home screen');
      expect(router.state.location.pathname).toBe('/');
      expect(screen.queryByTestId('route-error')).toBeNull();
    },
  );

  it('a sidebar link away from the broken screen opens the next screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter(appRoutes(), { initialEntries: ['/broken'] });
    render(<RouterProvider router={router} />);
    await screen.findByTestId('route-error');
    fireEvent.click(screen.getByText('Sidebar: home'));
    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(screen.queryByTestId('route-error')).toBeNull();
  });

  it("every route of the app has an error element (the router's developer page is never shown)", () => {
    const all = everyRoute(routes);
    expect(all.length).toBeGreaterThan(10);
    expect(
      all.filter((route) => !route.errorElement).map((route) => route.path ?? '(layout)'),
    ).toEqual([]);
  });
});
