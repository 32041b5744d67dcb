import type { Freshness } from '../app/api-types';
import { freshnessLabel } from '../app/draw-calendar';

const KIND = { current: 'ok', awaiting: 'warn', stale: 'off' } as const;

/** How current a lottery's draws are, in words and colour (never colour alone); "No schedule" without a calendar. */
export function FreshnessBadge({ freshness }: { freshness: Freshness | null }) {
  if (!freshness) return <span className="muted">No schedule</span>;
  return (
    <span
      className={`badge ${KIND[freshness.status]}`}
      data-freshness={freshness.status}
      title={freshness.lastDraw ? `Last draw stored: ${freshness.lastDraw}` : 'No draw stored'}
    >
      {freshnessLabel(freshness)}
    </span>
  );
}
