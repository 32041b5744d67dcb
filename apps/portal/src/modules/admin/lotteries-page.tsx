import type { Lottery } from '../../app/api-types';
import { useState } from 'react';
import { Page } from '../../components/page';
import { AddLotteryForm } from './add-lottery-form';
import { DrawImportForm } from './draw-import-form';
import { LotteryBrowser } from './lottery-browser';

export function LotteriesPage() {
  const [known, setKnown] = useState<string[]>([]);
  const remember = (lotteries: Lottery[]) =>
    setKnown((tags) => [...new Set([...tags, ...lotteries.map((l) => l.tag)])].sort());
  return (
    <Page title="Lotteries">
      <section className="card" aria-labelledby="browse-title">
        <h2 id="browse-title">Browse</h2>
        <LotteryBrowser onLoaded={remember} />
      </section>
      <section className="card" aria-labelledby="add-title">
        <h2 id="add-title">Add a lottery</h2>
        <AddLotteryForm onCreated={(lottery) => remember([lottery])} />
      </section>
      <section className="card" aria-labelledby="import-title">
        <h2 id="import-title">Import draws from CSV</h2>
        <DrawImportForm knownTags={known} />
      </section>
    </Page>
  );
}
