import type { DrawSchedule, Lottery } from '../../app/api-types';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Pager } from '../../components/pager';
import { errorMessage } from '../../app/errors';
import { LotteryEditDialog } from './lottery-edit-dialog';
import { LotteryTable } from './lottery-table';
import { useLotteryPage, useSaveSchedule } from './queries';
import { ScheduleDialog } from './schedule/schedule-dialog';

type Modal = { kind: 'schedule' | 'remove-schedule' | 'edit'; lottery: Lottery } | null;

/**
 * Lists the lotteries page by page through the administrators' list (by JWT, not metered), with each one's
 * freshness and next draw; opens its draw calendar and its name and rules.
 */
export function LotteryBrowser() {
  const [offset, setOffset] = useState(0);
  const [modal, setModal] = useState<Modal>(null);
  const [notice, setNotice] = useState('');
  const list = useLotteryPage(offset);
  const page = list.data;

  // null removes the calendar; the lottery's next draw and freshness change with it, on every page that lists it.
  const saveSchedule = useSaveSchedule();
  const scheduleOf = (lottery: Lottery) => async (schedule: DrawSchedule | null) => {
    setNotice('');
    const updated = await saveSchedule.mutateAsync({ lottery, schedule });
    setNotice(
      schedule
        ? `Draw schedule of “${updated.name}” saved.`
        : `Draw schedule of “${updated.name}” removed: it has no next draw and no freshness.`,
    );
  };

  return (
    <>
      <button type="button" className="secondary" onClick={() => list.refetch()} disabled={list.isFetching}>
        {list.isFetching ? 'Loading…' : 'Refresh list'}
      </button>
      <LoadError error={list.error ? errorMessage(list.error) : ''} onRetry={() => list.refetch()} />
      <Alert kind="success">{notice}</Alert>
      {page && (
        <div className="section-gap">
          <LotteryTable
            lotteries={page.lotteries ?? []}
            caption={`${page.total} lotteries`}
            onSchedule={(lottery) => setModal({ kind: 'schedule', lottery })}
            onEdit={(lottery) => setModal({ kind: 'edit', lottery })}
          />
          <Pager
            label="Lottery pages"
            offset={page.offset}
            limit={page.limit}
            total={page.total}
            onChange={setOffset}
          />
        </div>
      )}

      {modal?.kind === 'edit' && (
        <LotteryEditDialog
          lottery={modal.lottery}
          onSaved={(saved) => setNotice(`Lottery “${saved.name}” (${saved.tag}) saved.`)}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'schedule' && (
        <ScheduleDialog
          lottery={modal.lottery}
          onSave={scheduleOf(modal.lottery)}
          onRemove={() => setModal({ kind: 'remove-schedule', lottery: modal.lottery })}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'remove-schedule' && (
        <ConfirmDialog
          title={`Remove the draw schedule of “${modal.lottery.name}”?`}
          confirmLabel="Remove schedule"
          onConfirm={() => scheduleOf(modal.lottery)(null)}
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
