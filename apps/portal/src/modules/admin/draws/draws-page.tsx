import type { AdminDraw } from '../../../app/api-types';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/alert';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DrawNumbers } from '../../../components/draw-numbers';
import { Field } from '../../../components/field';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { SelectField } from '../../../components/select-field';
import { TableScroll } from '../../../components/table-scroll';
import { errorMessage } from '../../../app/errors';
import { formatDateTime } from '../../../app/format';
import { useAllLotteries, useDeleteDraw, useDrawsPage, type DrawsQuery } from '../queries';
import { DrawEditDialog } from './draw-edit-dialog';
import { LotteryFacts } from './lottery-facts';

type Modal = { kind: 'edit' | 'delete'; draw: AdminDraw } | null;

/**
 * One lottery as administrators see it (its source, operator and terms, history span, rule eras and state), then its
 * stored draws, newest first, as they correct them: each with where it came from, an edit (numbers checked against
 * the rules of its date) and a delete that asks first.
 */
export function DrawsPage() {
  const lotteryList = useAllLotteries();
  const lotteries = lotteryList.data ?? [];
  const filter = useForm({ defaultValues: { lottery: '', from: '', to: '' } });
  // The lottery chosen; until one is, the first of the list.
  const tag = useWatch({ control: filter.control, name: 'lottery' }) || lotteries[0]?.tag || '';
  // The date bounds apply with "Show" (or a new lottery), not at each keystroke.
  const show = () => {
    const { from, to } = filter.getValues();
    setQuery({ offset: 0, from, to });
  };
  const [query, setQuery] = useState<DrawsQuery>({ offset: 0, from: '', to: '' });
  const draws = useDrawsPage(tag, query);
  const loaded = draws.data;
  const [notice, setNotice] = useState('');
  const [modal, setModal] = useState<Modal>(null);

  const lottery = lotteries.find((l) => l.tag === tag);
  const remove = useDeleteDraw(tag);
  const loadError = [lotteryList.error, draws.error].filter(Boolean).map(errorMessage).join(' ');
  const retry = () => {
    if (lotteryList.error) void lotteryList.refetch();
    if (draws.error) void draws.refetch();
  };

  return (
    <Page title="Draws">
      <LoadError error={loadError} onRetry={retry} />
      <Alert kind="success">{notice}</Alert>
      <section className="card" aria-labelledby="draws-title">
        <h2 id="draws-title">Stored draws</h2>
        <form
          className="row"
          onSubmit={filter.handleSubmit(() => {
            setNotice('');
            show();
          })}
        >
          <SelectField label="Lottery" value={tag} {...filter.register('lottery', { onChange: show })}>
            {lotteries.map((l) => (
              <option key={l.tag} value={l.tag}>
                {l.name} — {l.tag}
              </option>
            ))}
          </SelectField>
          <Field label="From" type="date" {...filter.register('from')} />
          <Field label="To" type="date" {...filter.register('to')} />
          <button type="submit" disabled={!tag}>
            Show
          </button>
        </form>
        {lottery && <LotteryFacts lottery={lottery} />}
        {loaded &&
          (loaded.total === 0 ? (
            <p className="muted">No draw of {tag} in this range.</p>
          ) : (
            <>
              <TableScroll label={`Draws of ${tag}`} stack>
                <table className="stack">
                  <caption>
                    {loaded.total} {loaded.total === 1 ? 'draw' : 'draws'} of {tag}, newest first
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">Numbers</th>
                      <th scope="col">Source</th>
                      <th scope="col">Updated</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(loaded.draws ?? []).map((draw) => (
                      <tr key={draw.date} data-draw-date={draw.date}>
                        <th scope="row">{draw.date}</th>
                        <td data-label="Numbers">
                          <DrawNumbers numbers={draw.numbers} specialName={lottery?.special?.name} />
                        </td>
                        <td data-label="Source" className="small">
                          {draw.source ?? 'Bundled data or an import'}
                        </td>
                        <td data-label="Updated" className="small">
                          {formatDateTime(draw.updatedAt)}
                        </td>
                        <td>
                          <div className="row-actions">
                            <button
                              type="button"
                              className="secondary"
                              onClick={() => setModal({ kind: 'edit', draw })}
                              aria-label={`Edit the draw of ${draw.date}`}
                            >
                              Edit
                            </button>
                            <button
                              type="button"
                              className="secondary danger"
                              onClick={() => setModal({ kind: 'delete', draw })}
                              aria-label={`Delete the draw of ${draw.date}`}
                            >
                              Delete
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <Pager
                label="Draw pages"
                offset={loaded.offset}
                limit={loaded.limit}
                total={loaded.total}
                onChange={(offset) => setQuery((q) => ({ ...q, offset }))}
              />
            </>
          ))}
      </section>
      {modal?.kind === 'edit' && loaded && (
        <DrawEditDialog tag={tag} draw={modal.draw} onSaved={setNotice} onClose={() => setModal(null)} />
      )}
      {modal?.kind === 'delete' && loaded && (
        <ConfirmDialog
          title={`Delete the draw of ${modal.draw.date}?`}
          confirmLabel="Delete draw"
          onConfirm={async () => {
            await remove.mutateAsync(modal.draw);
            setNotice(`The draw of ${modal.draw.date} was deleted.`);
          }}
          onClose={() => setModal(null)}
        >
          <p>
            Clients stop seeing it at once, on every instance; if it is the newest, the draw before it becomes
            the latest. Webhook subscribers get <code>draw.deleted</code>.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}
