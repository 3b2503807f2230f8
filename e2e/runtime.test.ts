import { networkInterfaces } from 'node:os';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { axeViolations } from './support/axe';
import { hasChromium, launchChromium } from './support/chromium';
import { apiClient, apiLogin, closeWithTest, screenshot, storeSession } from './support/session';

/** A non-loopback IPv4 address of this machine, as a colleague on the office network uses it. */
const networkAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

if (!networkAddress)
  console.warn(
    '!! this machine has no non-loopback IPv4 address: the network-address test is skipped',
  );

describe.skipIf(!hasChromium)('the admin as served by npm start', () => {
  let app: RunningApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  // Straight from the server (not from the harness's copy of the build), as a browser gets it.
  const newContext = async (viewport?: { width: number; height: number }) => {
    const context = await browser.newContext({
      reducedMotion: 'reduce',
      locale: 'en-US',
      viewport,
    });
    contexts.push(context);
    closeWithTest(context);
    return context;
  };

  /** A post type with categories and one published post in it, made through the API. */
  const postType = async (title: string, post: string) => {
    const tokens = await apiLogin(app.baseUrl);
    const api = apiClient(app.baseUrl, tokens);
    const created = await api<{ data: { id: number } }>('/types', {
      method: 'POST',
      body: { style: 'article', title, features: [{ key: 'category', name: '', enabled: true }] },
    });
    const typeId = created.body.data.id;
    await api('/posts', { method: 'POST', body: { type_id: typeId, title: post } });
    return { tokens, api, typeId };
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp({ host: '0.0.0.0' }), launchChromium()]);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it.skipIf(!networkAddress)(
    'opens /login over plain HTTP at a network address of the machine',
    async () => {
      const port = new URL(app.baseUrl).port;
      const page = await (await newContext()).newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(String(error)));
      const response = await page.goto(`http://${networkAddress}:${port}/login`);
      expect(response?.headers()['content-security-policy']).not.toContain(
        'upgrade-insecure-requests',
      );
      expect(response?.headers()['strict-transport-security']).toBeUndefined();
      await page.locator('#login-email').waitFor();
      await expect.poll(() => page.locator('form button[type="submit"]').isVisible()).toBe(true);
      await screenshot(page, 'runtime-login-network-address');
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it('sends /login with compressed JavaScript, hashed files cached for good', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<
      string,
      { url: string; encoding?: string; cache?: string; bytes?: number; headerBytes: number }
    >();
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      if (type !== 'Script') return;
      const headers = Object.fromEntries(
        Object.entries(response.headers).map(([name, value]) => [
          name.toLowerCase(),
          String(value),
        ]),
      );
      scripts.set(requestId, {
        url: response.url,
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
        headerBytes: response.encodedDataLength,
      });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const script = scripts.get(requestId);
      if (script) script.bytes = encodedDataLength;
    });
    const response = await page.goto(`${app.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-email').waitFor();
    expect(response?.headers()['cache-control']).toBe('no-cache');
    // the page itself is a few hundred bytes: like any file under 1 KB it goes out as it is
    const html = await response!.body();
    if (html.length >= 1024) expect(response?.headers()['content-encoding']).toBe('br');

    const loaded = [...scripts.values()];
    expect(loaded.length).toBeGreaterThan(0);
    for (const script of loaded) {
      // files under 1 KB go out as they are: compressing them saves next to nothing
      if (script.encoding !== 'br')
        expect((script.bytes ?? 0) - script.headerBytes, script.url).toBeLessThan(1024);
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    }
    const total = loaded.reduce((sum, script) => sum + (script.bytes ?? 0), 0);
    const headers = loaded.reduce((sum, script) => sum + script.headerBytes, 0);
    console.log(
      `/login JavaScript on the wire: ${(total / 1000).toFixed(1)} KB in ${loaded.length} files (brotli; ${(headers / 1000).toFixed(1)} KB of it response headers)`,
    );
    expect(total).toBeLessThanOrEqual(250_000);
  });

  it('with a session asks for the layout and list files at once, each once; /login asks for none', async () => {
    const requested = (context: BrowserContext) => {
      const urls: string[] = [];
      context.on('request', (request) => urls.push(new URL(request.url()).pathname));
      return urls;
    };
    const signedOut = await newContext();
    const signedOutUrls = requested(signedOut);
    const login = await signedOut.newPage();
    await login.goto(`${app.baseUrl}/login`, { waitUntil: 'networkidle' });
    const named = (await login
      .locator('meta[name="signed-in-modules"]')
      .getAttribute('content'))!.split(' ');
    expect(named).toEqual([
      expect.stringMatching(/^\/assets\/shell-.+\.js$/),
      expect.stringMatching(/^\/assets\/list-.+\.js$/),
    ]);
    expect(signedOutUrls.filter((url) => named.includes(url))).toEqual([]);
    expect(await login.locator('link[rel="modulepreload"][href*="/shell-"]').count()).toBe(0);

    const signedIn = await newContext();
    await storeSession(signedIn, app.baseUrl, await apiLogin(app.baseUrl));
    // Ant Design's table probed the page's scrollbar on every mount (a forced layout, then a
    // second render): src/lib/scrollbar-size.ts
    await signedIn.addInitScript(() => {
      const probes = { count: 0 };
      Object.assign(window, { scrollbarProbes: probes });
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if ((node as Element).id?.startsWith('rc-scrollbar-measure')) probes.count += 1;
      }).observe(document, { childList: true, subtree: true });
    });
    const signedInUrls = requested(signedIn);
    const page = await signedIn.newPage();
    await page.goto(`${app.baseUrl}/languages`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLLinkElement).href).pathname),
      );
    expect(preloaded).toEqual(expect.arrayContaining(named));
    // the texts of the session's language, and those of the fallback language
    expect(preloaded.filter((path) => /\/texts-(en)-/.test(path))).toHaveLength(1);
    for (const file of named)
      expect(
        signedInUrls.filter((url) => url === file),
        file,
      ).toHaveLength(1);
    expect(
      await page.evaluate(
        () => (window as unknown as { scrollbarProbes: { count: number } }).scrollbarProbes.count,
      ),
    ).toBe(0);
  });

  it("paints a screen's first rows with its first render: nothing renders again before that frame", async () => {
    const { tokens, typeId } = await postType('Ẩm thực', 'Bún chả Hà Nội');
    const context = await newContext({ width: 1440, height: 900 });
    await storeSession(context, app.baseUrl, tokens);
    // React tells a developer tools hook of each render it commits. Ant Design's popups (the
    // filters, the tooltips, the top bar's menus) and animations updated their state while the
    // first render committed, which React renders at once, with every effect of the first
    // render, before the frame (vite-plugins/commit-phase-updates.ts).
    await context.addInitScript({
      content: `(() => {
        const commits = [];
        window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => undefined,
          onCommitFiberRoot: () => commits.push(performance.now()),
          onCommitFiberUnmount: () => undefined,
          onPostCommitFiberRoot: () => undefined,
        };
        const check = () => {
          if (document.querySelector('.ant-table-tbody tr.ant-table-row')) {
            window.rendersAtFirstRow = commits.length;
            setTimeout(() => { window.rendersLater = commits.length; }, 1000);
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`,
    });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/posts/all-posts/${typeId}`);
    await page.getByRole('link', { name: 'Bún chả Hà Nội' }).waitFor();
    const rendersLater = await page.waitForFunction(
      () => (window as { rendersLater?: number }).rendersLater,
    );
    // the hook was called: the later renders (the effects' own) came after the frame
    expect(await rendersLater.jsonValue()).toBeGreaterThan(1);
    expect(
      await page.evaluate(() => (window as { rendersAtFirstRow?: number }).rendersAtFirstRow),
    ).toBe(1);
  });

  it("opening a screen again asks for its first answers while the app's main file is on its way, each once, and draws the whole sidebar with the first rows", async () => {
    const { tokens, api, typeId } = await postType('Tin tức', 'Phố cổ mùa thu');
    // one post waiting for approval: the sidebar counts it beside "Posts pending"
    await api('/posts', {
      method: 'POST',
      body: { type_id: typeId, title: 'Chợ đêm Đà Lạt', status: 'pending' },
    });
    // wide enough for the sidebar to show its entries' names
    const context = await newContext({ width: 1440, height: 900 });
    await storeSession(context, app.baseUrl, tokens);
    const page = await context.newPage();
    const screen = `/posts/all-posts/${typeId}`;
    await page.goto(`${app.baseUrl}${screen}`);
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    // what the screen asked for before its first render, remembered for the next visit
    const stored = await page.waitForFunction(() => localStorage.getItem('early_requests'));
    const record = JSON.parse((await stored.jsonValue()) as string) as {
      at: string;
      requests: Array<{ url: string; auth: boolean }>;
    };
    expect(record.at).toBe(screen);
    const urls = record.requests.map((request) => request.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/v1/profile',
        expect.stringMatching(/^\/api\/v1\/posts\?type_id=/),
        // the sidebar's group per post type
        '/api/v1/types?limit=0',
        // and its count of posts waiting for approval
        expect.stringMatching(/^\/api\/v1\/posts\?status=pending&limit=1$/),
      ]),
    );

    // The app's main file held back until every early answer has been asked for: they are
    // asked before it arrives. (Held for 15 s at most: were they asked only by the main file,
    // it would arrive first and the checks below would fail, however busy the machine.)
    let released = Infinity;
    let allAsked = () => {};
    const everyEarlyRequest = new Promise<void>((resolve) => (allAsked = resolve));
    await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await Promise.race([
        everyEarlyRequest,
        new Promise((resolve) => setTimeout(resolve, 15_000)),
      ]);
      released = Date.now();
      await route.continue();
    });
    // The sidebar's data slower still: on a repeat visit the first render waits for it.
    await context.route(
      /\/api\/v1\/(types\?limit=0|posts\?status=pending&limit=1)$/,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1200));
        await route.continue();
      },
    );
    const asked: Array<{ url: string; at: number }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/v1/'))
        asked.push({ url: url.pathname + url.search, at: Date.now() });
      if (urls.every((early) => asked.some((call) => call.url === early))) allAsked();
    });
    // what the sidebar shows in the first frame that has a row
    await context.addInitScript({
      content: `(() => {
        const check = () => {
          if (document.querySelector('.ant-table-tbody tr.ant-table-row')) {
            window.sidebarAtFirstRow = document.querySelector('.ant-layout-sider').textContent;
            window.countAtFirstRow = document.querySelector('.ant-layout-sider .ant-badge')?.textContent;
          }
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      })();`,
    });
    await page.reload();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    // the type's group is drawn with the first rows, not added to the sidebar a moment later
    expect(
      await page.evaluate(() => (window as { sidebarAtFirstRow?: string }).sidebarAtFirstRow),
    ).toContain('Tin tức');
    // and so is the count of posts waiting for approval
    expect(
      await page.evaluate(() => (window as { countAtFirstRow?: string }).countAtFirstRow),
    ).toBe('1');
    for (const url of urls) {
      const calls = asked.filter((call) => call.url === url);
      expect(calls, url).toHaveLength(1);
      expect(calls[0]!.at, url).toBeLessThanOrEqual(released);
    }
  });
});
