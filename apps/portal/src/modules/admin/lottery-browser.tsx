import type { Lottery } from '../../app/api-types';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/alert';
import { Pager } from '../../components/pager';
import { errorMessage } from '../../app/errors';
import { useClient } from '../../app/session';
import { LotteryTable } from './lottery-table';

const PAGE_SIZE = 15;

interface Loaded {
  lotteries: Lottery[];
  offset: number;
  limit: number;
  total: number;
}

/** Lists the lotteries page by page through the administrators' list (by JWT, not metered). */
export function LotteryBrowser({ onLoaded }: { onLoaded: (lotteries: Lottery[]) => void }) {
  const client = useClient();
  const [page, setPage] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

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

  return (
    <>
      <button type="button" className="secondary" onClick={() => load(page?.offset ?? 0)} disabled={busy}>
        {busy ? 'Loading…' : 'Refresh list'}
      </button>
      <Alert>{error}</Alert>
      {page && (
        <div className="section-gap">
          <LotteryTable lotteries={page.lotteries} caption={`${page.total} lotteries`} />
          <Pager
            label="Lottery pages"
            offset={page.offset}
            limit={page.limit}
            total={page.total}
            onChange={load}
          />
        </div>
      )}
    </>
  );
}
