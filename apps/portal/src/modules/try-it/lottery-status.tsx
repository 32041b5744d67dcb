import type { Lottery } from '../../app/api-types';
import { FreshnessBadge } from '../../components/freshness-badge';
import { NextDraw } from '../../components/next-draw';

/** How current the chosen lottery is and when it draws next, before anything is asked of it. */
export function LotteryStatus({ lottery }: { lottery: Lottery }) {
  return (
    // Polite: choosing another lottery announces its state without interrupting.
    <p className="small lottery-status" data-testid="lottery-status" aria-live="polite">
      {lottery.freshness ? (
        <>
          <FreshnessBadge freshness={lottery.freshness} /> Next draw: <NextDraw lottery={lottery} />
        </>
      ) : (
        <span className="muted">No draw calendar: the API gives no next draw or freshness.</span>
      )}
      {lottery.draws.last && <> · Newest draw stored: {lottery.draws.last}</>}
    </p>
  );
}
