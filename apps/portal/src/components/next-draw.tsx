import type { Lottery } from '../app/api-types';
import { formatNextDraw } from '../app/draw-calendar';

/** The lottery's next draw in its own zone, as a <time> carrying the exact instant; a dash without a calendar. */
export function NextDraw({ lottery }: { lottery: Lottery }) {
  if (!lottery.nextDraw) return <span className="muted">—</span>;
  return <time dateTime={lottery.nextDraw.at}>{formatNextDraw(lottery)}</time>;
}
