import type { DrawSchedule, Lottery } from '../../app/api-types';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Pager } from '../../components/pager';
import { errorMessage } from '../../app/errors';
import { useClient } from '../../app/session';
import { LotteryTable } from './lottery-table';
import { ScheduleDialog } from './schedule/schedule-dialog';

const PAGE_SIZE = 15;

interface Loaded {
  lotteries: Lottery[];
  offset: number;
  limit: number;
  total: number;
}

type Modal = { kind: 'schedule' | 'remove-schedule'; lottery: Lottery } | null;

/**
 * Lists the lotteries page by page through the administrators' list (by JWT, not metered), with each one's
 * freshness and next draw, and opens its draw calendar.
 */
export function LotteryBrowser({ onLoaded }: { onLoaded: (lotteries: Lottery[]) => void }) {
  const client = useClient();
  const [page, setPage] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useState('');

  const load = async (offset: number) => {
    setBusy(true);
    setError('');
    try {
      const result = await client.admin.lotteries.list({ limit: PAGE_SIZE, offset });
      const lotteries = result.lotteries ?? [];
      setPage({ lotteries, offset: result.offset, limit: result.limit, total: result.total });
      onLoaded(lotteries);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    void load(0);
    // Load the first page once per client (i.e. per session).
  }, [client]);

  // null removes the calendar. The answer is the lottery with its new next draw and freshness: it replaces the row.
  const saveSchedule = async (lottery: Lottery, schedule: DrawSchedule | null) => {
    setNotice('');
    const updated = await client.admin.lotteries.update(lottery.tag, { schedule });
    setPage(
      (current) =>
        current && {
          ...current,
          lotteries: current.lotteries.map((l) => (l.tag === updated.tag ? updated : l)),
        },
    );
    setNotice(
      schedule
        ? `Draw schedule of “${updated.name}” saved.`
        : `Draw schedule of “${updated.name}” removed: it has no next draw and no freshness.`,
    );
  };

  return (
    <>
      <button type="button" className="secondary" onClick={() => load(page?.offset ?? 0)} disabled={busy}>
        {busy ? 'Loading…' : 'Refresh list'}
      </button>
      <LoadError error={error} onRetry={() => load(page?.offset ?? 0)} />
      <Alert kind="success">{notice}</Alert>
      {page && (
        <div className="section-gap">
          <LotteryTable
            lotteries={page.lotteries}
            caption={`${page.total} lotteries`}
            onSchedule={(lottery) => setModal({ kind: 'schedule', lottery })}
          />
          <Pager
            label="Lottery pages"
            offset={page.offset}
            limit={page.limit}
            total={page.total}
            onChange={load}
          />
        </div>
      )}

      {modal?.kind === 'schedule' && (
        <ScheduleDialog
          lottery={modal.lottery}
          onSave={(schedule) => saveSchedule(modal.lottery, schedule)}
          onRemove={() => setModal({ kind: 'remove-schedule', lottery: modal.lottery })}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'remove-schedule' && (
        <ConfirmDialog
          title={`Remove the draw schedule of “${modal.lottery.name}”?`}
          confirmLabel="Remove schedule"
          onConfirm={() => saveSchedule(modal.lottery, null)}
          onClose={() => setModal(null)}
        >
          <p>
            The API will give this lottery no next draw and no freshness until a schedule is set again. Its
            draws are kept.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
