import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from './paths';

/** axe-core's browser bundle, read once and injected into each page that is checked. */
let source = '';
function axeSource(): string {
  if (!source) source = readFileSync(join(workspaceRoot, 'node_modules/axe-core/axe.min.js'), 'utf8');
  return source;
}

/** The part of axe.run()'s answer read here. */
interface AxeResults {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: string[]; failureSummary?: string }[];
  }[];
}

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  /** The offending elements (CSS selectors) and axe's explanation for the first of them. */
  targets: string[];
  detail: string;
}

/**
 * Runs axe-core on the page as it is now (an open dialog included) and returns the serious and critical
 * violations, readable in a failed expectation: `expect(await seriousViolations(page)).toEqual([])`.
 */
export async function seriousViolations(page: Page): Promise<AxeProblem[]> {
  // Evaluated through the DevTools protocol rather than added as a <script>: the portal's Content-Security-Policy
  // (script-src 'self') rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource());
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        help: v.help,
        targets: v.nodes.map((node) => node.target.join(' ')),
        detail: v.nodes[0]?.failureSummary ?? '',
      }));
  });
}
