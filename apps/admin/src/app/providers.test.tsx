import { render, screen, waitFor } from '@testing-library/react';
import { Pagination } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { loadAntLocale } from './ant-locale';
import { Providers } from './providers';

describe('Providers', () => {
  it("keeps the app mounted when Ant Design's texts for the language arrive", async () => {
    localStorage.setItem('current_language', 'ja');
    let mounts = 0;
    const Screen = () => {
      useEffect(() => {
        mounts += 1;
      }, []);
      // a component that reads the locale: its page-size text follows the language
      return <Pagination total={100} showSizeChanger />;
    };
    render(
      <Providers>
        <Screen />
      </Providers>,
    );
    await loadAntLocale('ja');
    // the Japanese texts are in use: the locale reached the components
    await waitFor(() => expect(screen.getByText(/10 件/)).toBeTruthy());
    // ConfigProvider adds its locale provider only when given a locale; a locale arriving after
    // the first render changed the tree's shape and mounted everything below a second time
    expect(mounts).toBe(1);
    localStorage.removeItem('current_language');
  });
});
