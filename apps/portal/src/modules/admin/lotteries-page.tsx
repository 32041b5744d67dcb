import { Page } from '../../components/page';
import { AddLotteryForm } from './add-lottery-form';
import { DrawImportForm } from './draw-import-form';
import { LotteryBrowser } from './lottery-browser';

export function LotteriesPage() {
  return (
    <Page title="Lotteries">
      <section className="card" aria-labelledby="browse-title">
        <h2 id="browse-title">Browse</h2>
        <LotteryBrowser />
      </section>
      <section className="card" aria-labelledby="add-title">
        <h2 id="add-title">Add a lottery</h2>
        <AddLotteryForm />
      </section>
      <section className="card" aria-labelledby="import-title">
        <h2 id="import-title">Import draws from CSV</h2>
        <DrawImportForm />
      </section>
    </Page>
  );
}
