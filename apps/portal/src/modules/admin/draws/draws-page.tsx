import type { AdminDraw, Lottery } from '../../../app/api-types';
import { useEffect, useState } from 'react';
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
import { useClient } from '../../../app/session';
import { DrawEditDialog } from './draw-edit-dialog';

const PAGE_SIZE = 15;

interface Loaded {
  tag: string;
  draws: AdminDraw[];
  offset: number;
  limit: number;
  total: number;
}

type Modal = { kind: 'edit' | 'delete'; draw: AdminDraw } | null;

/**
 * The stored draws of one lottery, newest first, as administrators correct them: each with where it came from,
 * an edit (numbers checked against the rules of its date) and a delete that asks first.
 */
export function DrawsPage() {
  const client = useClient();
  const [lotteries, setLotteries] = useState<Lottery[]>([]);
  const [tag, setTag] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [modal, setModal] = useState<Modal>(null);

  // Every lottery, page by page through the administrators' list (not metered).
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const all: Lottery[] = [];
        for (let offset = 0; ; offset += PAGE_SIZE) {
          const page = await client.admin.lotteries.list({ limit: PAGE_SIZE, offset });
          all.push(...(page.lotteries ?? []));
          if (!page.more) break;
        }
        if (cancelled) return;
        setLotteries(all);
        setTag((current) => current || all[0]?.tag || '');
      } catch (caught) {
        if (!cancelled) setError(errorMessage(caught));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client]);

  const load = async (offset: number, which = tag) => {
    if (!which) return;
    setError('');
    try {
      const page = await client.admin.draws.list(which, {
        limit: PAGE_SIZE,
        offset,
        ...(from ? { from } : {}),
        ...(to ? { to } : {}),
      });
      setLoaded({
        tag: which,
        draws: page.draws ?? [],
        offset: page.offset,
        limit: page.limit,
        total: page.total,
      });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  // Reloaded when the lottery changes; the date bounds apply with "Show".
  useEffect(() => {
    void load(0, tag);
  }, [tag]);

  const lottery = lotteries.find((l) => l.tag === loaded?.tag);
  const afterChange = async (message: string) => {
    setNotice(message);
    await load(loaded?.offset ?? 0);
  };

  return (
    <Page title="Draws">
      <LoadError error={error} onRetry={() => void load(loaded?.offset ?? 0)} />
      <Alert kind="success">{notice}</Alert>
      <section className="card" aria-labelledby="draws-title">
        <h2 id="draws-title">Stored draws</h2>
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            setNotice('');
            void load(0);
          }}
        >
          <SelectField
            label="Lottery"
            name="draws-lottery"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
          >
            {lotteries.map((l) => (
              <option key={l.tag} value={l.tag}>
                {l.name} — {l.tag}
              </option>
            ))}
          </SelectField>
          <Field
            label="From"
            name="draws-from"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <Field label="To" name="draws-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          <button type="submit" disabled={!tag}>
            Show
          </button>
        </form>
        {loaded &&
          (loaded.total === 0 ? (
            <p className="muted">No draw of {loaded.tag} in this range.</p>
          ) : (
            <>
              <TableScroll label={`Draws of ${loaded.tag}`} stack>
                <table className="stack">
                  <caption>
                    {loaded.total} {loaded.total === 1 ? 'draw' : 'draws'} of {loaded.tag}, newest first
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
                    {loaded.draws.map((draw) => (
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
                onChange={(offset) => void load(offset)}
              />
            </>
          ))}
      </section>
      {modal?.kind === 'edit' && loaded && (
        <DrawEditDialog
          tag={loaded.tag}
          draw={modal.draw}
          onSaved={(message) => void afterChange(message)}
          onClose={() => setModal(null)}
        />
      )}
      {modal?.kind === 'delete' && loaded && (
        <ConfirmDialog
          title={`Delete the draw of ${modal.draw.date}?`}
          confirmLabel="Delete draw"
          onConfirm={async () => {
            await client.admin.draws.delete(loaded.tag, modal.draw.date);
            await afterChange(`The draw of ${modal.draw.date} was deleted.`);
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
