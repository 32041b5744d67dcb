import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { createTokenViaApi, loginViaApi } from './support/api-calls';
import { sharedApi, type ApiServer } from './support/api-server';
import { seriousViolations } from './support/axe';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { expectNoSideScroll } from './support/layout';
import { workspaceRoot } from './support/paths';
import { goTo, logIn, readSecretFromDialog, registerViaApi, uniqueEmail } from './support/portal';

/** The SDK's version: the install lines name the tarball the build packed for it. */
const SDK_VERSION = (
  JSON.parse(readFileSync(resolve(workspaceRoot, 'libs/sdk/package.json'), 'utf8')) as { version: string }
).version;

const HTTP = 'Client over HTTP (JSON)';
const STDIO = 'Client over stdio (JSON)';
const TOOLS = [
  'list_lotteries',
  'get_lottery',
  'latest_draw',
  'draw_on_date',
  'search_draws',
  'check_ticket',
  'number_stats',
  'draw_prizes',
  'next_draw',
];

async function snippet(page: Page, title: string): Promise<string> {
  return (await page.getByRole('region', { name: title }).locator('pre').textContent()) ?? '';
}

/** The two configuration snippets, parsed (JSON.parse throws on a snippet that is not JSON). */
async function configs(page: Page): Promise<{ http: unknown; stdio: unknown }> {
  return { http: JSON.parse(await snippet(page, HTTP)), stdio: JSON.parse(await snippet(page, STDIO)) };
}

/** The entries a client's `mcpServers` list gets, with the token written as `token`. */
function expectedConfigs(baseUrl: string, token: string): { http: unknown; stdio: unknown } {
  return {
    http: {
      mcpServers: {
        'lottery-results': {
          type: 'http',
          url: `${baseUrl}/mcp`,
          headers: { Authorization: `Bearer ${token}` },
        },
      },
    },
    stdio: {
      mcpServers: {
        'lottery-results': {
          command: 'npx',
          args: [
            '-y',
            `--package=${baseUrl}/sdk/lottery-results-sdk-${SDK_VERSION}.tgz`,
            'lottery-results-mcp',
          ],
          env: { LOTTERY_API_URL: baseUrl, LOTTERY_API_TOKEN: token },
        },
      },
    },
  };
}

/** What has the focus: its role and accessible name as the test reads them. */
async function focused(page: Page): Promise<{ role: string; name: string; selected: string | null }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const labelledBy = el?.getAttribute('aria-labelledby');
    const name = labelledBy
      ? (document.getElementById(labelledBy)?.textContent ?? '')
      : (el?.textContent ?? '');
    return {
      role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
      name: name.trim(),
      selected: el?.getAttribute('aria-selected') ?? null,
    };
  });
}

/** From the page's heading, presses Tab until a tab has the focus (failing after a dozen presses). */
async function tabToTabList(page: Page): Promise<{ role: string; name: string; selected: string | null }> {
  await page.getByRole('heading', { level: 1, name: 'Try it' }).focus();
  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.role === 'tab') return now;
  }
  throw new Error('The Tab key did not reach the tabs.');
}

const CLIPBOARD_BEFORE = '(not copied yet)';

/**
 * Clicks a snippet's copy button and returns what the clipboard then holds. The clipboard is first set to a
 * stand-in, and read until it changes: a button that says "Copied" from an earlier click proves nothing.
 */
async function copyAndRead(page: Page, title: string): Promise<string> {
  await page.evaluate((text) => navigator.clipboard.writeText(text), CLIPBOARD_BEFORE);
  const region = page.getByRole('region', { name: title });
  await region.getByRole('button', { name: 'Copy snippet', exact: true }).click();
  await region.getByText('Copied to the clipboard.').waitFor();
  for (let tries = 0; tries < 50; tries += 1) {
    const text = await page.evaluate(() => navigator.clipboard.readText());
    if (text !== CLIPBOARD_BEFORE) return text;
    await page.waitForTimeout(100);
  }
  return CLIPBOARD_BEFORE;
}

/**
 * "Try it", AI agents: how to connect an agent to the MCP endpoint, with two tokens: "agent-pasted", made through
 * the API (its secret is pasted, so the snippets hold it), and "agent-here", created in this tab (its secret is
 * filled in from memory, so the snippets name it by its first characters only).
 */
describe('portal: Try it, AI agents', () => {
  let api: ApiServer;
  let browser: Browser;
  let page: Page;
  let pastedSecret = '';
  let hereSecret = '';

  const agentsTab = () => page.getByRole('tab', { name: 'AI agents' });
  const agentsPanel = () => page.getByRole('tabpanel', { name: 'AI agents' });

  beforeAll(async () => {
    api = sharedApi();
    browser = await launchBrowser();
    const email = uniqueEmail('agents');
    await registerViaApi(api.baseUrl, email);
    pastedSecret = await createTokenViaApi(api.baseUrl, await loginViaApi(api.baseUrl, email), {
      id: 'agent-pasted',
    });
    page = await newPage(browser, api.baseUrl);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: api.baseUrl });
    await logIn(page, email);
    // No token created in this tab yet: none is in use when the page opens.
    await goTo(page, 'Try it', 'Try it');
  });

  afterAll(async () => {
    await browser?.close();
  });

  test('the tabs are one stop of the Tab key, and the arrow keys, Home and End choose between them', async () => {
    expect(await tabToTabList(page)).toEqual({ role: 'tab', name: 'REST', selected: 'true' });
    expect(await agentsPanel().isHidden()).toBe(true);

    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toEqual({ role: 'tab', name: 'AI agents', selected: 'true' });
    await page.getByRole('heading', { name: '2. Connect an AI agent' }).waitFor();
    expect(await page.getByRole('tabpanel', { name: 'REST' }).isHidden()).toBe(true);
    expect(await page.getByRole('tab', { name: 'REST' }).getAttribute('aria-selected')).toBe('false');

    // Both ends wrap; Home and End go to the first and the last.
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toEqual({ role: 'tab', name: 'REST', selected: 'true' });
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toEqual({ role: 'tab', name: 'AI agents', selected: 'true' });
    await page.keyboard.press('Home');
    expect(await focused(page)).toEqual({ role: 'tab', name: 'REST', selected: 'true' });
    await page.keyboard.press('End');
    expect(await focused(page)).toEqual({ role: 'tab', name: 'AI agents', selected: 'true' });

    // The next Tab leaves the tab list for the panel shown.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toEqual({ role: 'tabpanel', name: 'AI agents', selected: null });
  });

  test('before a token is chosen, the snippets are valid JSON with a placeholder for it', async () => {
    await agentsPanel().getByText(`${api.baseUrl}/mcp`, { exact: true }).waitFor();
    await agentsPanel().getByText('Authorization: Bearer <your API token>').waitFor();
    await agentsPanel().getByText('No token chosen yet').waitFor();
    expect(await configs(page)).toEqual(expectedConfigs(api.baseUrl, '<your API token>'));
  });

  test('a secret filled in from memory stays out of the snippets: its first characters stand for it', async () => {
    await goTo(page, 'Tokens', 'API tokens');
    await page.getByLabel('Token id').fill('agent-here');
    await page.getByRole('button', { name: 'Create token' }).click();
    hereSecret = await readSecretFromDialog(page);
    await page.getByRole('button', { name: 'I have saved it' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Created in this tab: in use as soon as the page opens.
    await goTo(page, 'Try it', 'Try it');
    await page.getByText(`Using token “agent-here” (${hereSecret.slice(0, 8)}…)`).waitFor();
    await agentsTab().click();
    await page.getByLabel('Token', { exact: true }).selectOption('agent-here');
    expect(await page.getByLabel('Token secret').inputValue()).toBe(hereSecret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “agent-here” (${hereSecret.slice(0, 8)}…)`).waitFor();
    // Choosing a token leaves the AI agents tab where it was.
    expect(await agentsTab().getAttribute('aria-selected')).toBe('true');

    await agentsPanel().getByText('These snippets name token “agent-here” by its first characters').waitFor();
    // The click checks the token again, and until the answer no token is in use (the snippets hold the
    // placeholder). The token was in use before the click too, so the waits above may have seen the page from
    // before it: the snippets are read until that check is over (it failed once, read in between).
    const expected = expectedConfigs(api.baseUrl, `${hereSecret.slice(0, 8)}…`);
    let shown = await configs(page);
    for (let tries = 0; tries < 50 && !isDeepStrictEqual(shown, expected); tries += 1) {
      await page.waitForTimeout(100);
      shown = await configs(page);
    }
    expect(shown).toEqual(expected);
    expect(await agentsPanel().textContent()).not.toContain(hereSecret);
  });

  test('a pasted secret is in the snippets, which copy as shown; the tools and their cost are listed', async () => {
    await page.getByLabel('Token', { exact: true }).selectOption('agent-pasted');
    await page.getByLabel('Token secret').fill(pastedSecret);
    await page.getByRole('button', { name: 'Use this token' }).click();
    await page.getByText(`Using token “agent-pasted” (${pastedSecret.slice(0, 8)}…)`).waitFor();

    await agentsPanel().getByText(`Authorization: Bearer ${pastedSecret}`).waitFor();
    await agentsPanel().getByText(`X-API-Token: ${pastedSecret}`).waitFor();
    expect(await configs(page)).toEqual(expectedConfigs(api.baseUrl, pastedSecret));

    expect(await copyAndRead(page, HTTP)).toBe(await snippet(page, HTTP));
    expect(await copyAndRead(page, STDIO)).toBe(await snippet(page, STDIO));
    expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual(
      expectedConfigs(api.baseUrl, pastedSecret).stdio,
    );

    const tools = await agentsPanel().locator('.tool-list li code').allTextContents();
    expect(tools).toEqual(TOOLS);
    await agentsPanel()
      .getByText('Each tool call costs one unit of your monthly quota, like a REST call;', { exact: false })
      .waitFor();
    expect(await agentsPanel().textContent()).toContain('connecting and listing the tools cost nothing');

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'try-it-agents');
  });

  test('at 375 px: reached by keyboard, nothing scrolls sideways, the snippets copy, and axe is content', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    // The tab chosen last is the tab list's stop.
    expect(await tabToTabList(page)).toEqual({ role: 'tab', name: 'AI agents', selected: 'true' });
    await page.keyboard.press('ArrowLeft');
    expect(await focused(page)).toEqual({ role: 'tab', name: 'REST', selected: 'true' });
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toEqual({ role: 'tab', name: 'AI agents', selected: 'true' });

    await expectNoSideScroll(page);
    await page.getByRole('region', { name: STDIO }).scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    expect(await configs(page)).toEqual(expectedConfigs(api.baseUrl, pastedSecret));
    expect(await copyAndRead(page, HTTP)).toBe(await snippet(page, HTTP));

    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'try-it-agents-375');
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
